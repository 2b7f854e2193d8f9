import { mkdirSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { hashPassword } from '../../functions/core/security/password-hashing';
import { defaultTemplates } from '../../shared/messages/default-templates';
import { invoiceEntityMessages } from '../../shared/messages/admin';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { startE2e, type E2eContext } from '../support/e2e';
import { FreePlanningScreen, visitRange } from './pages/free-planning-screen';
import { apiCall, demoPassword, LoginPage, newContext, StaffShell, waitForPath } from './pages/livrea-browser';

/**
 * Part 3 'Done when' (part 3 §2, §4, §5): an administrator creates a promoter with credentials by
 * mail and default templates, gives an AMO a program in the permissions table, impersonates the
 * AMO (who sees only that program), stops the simulation, bills a planning to an invoicing entity
 * and sees its used counter, and unlocks the credits with the right password after a wrong one.
 */
jest.setTimeout(400_000);

const shots = '/tmp/shots/17';
const creditsPassword = 'mot-de-passe-credits';

const api = apiCall;

/** Screenshots at 1280 px and 390 px, and the axe check of the page. */
async function look(page: Page, name: string): Promise<void> {
  await expectNoSeriousAxeViolations(page, name);
  await page.screenshot({ path: `${shots}/${name}-1280.jpg`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${shots}/${name}-390.jpg`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function choose(page: Page, selectLabel: string, option: string): Promise<void> {
  await page
    .getByRole('button', { name: new RegExp(`^${selectLabel}`) })
    .first()
    .click();
  await page.getByRole('option', { name: option }).first().click();
}

describe('part 3 administration journey', () => {
  let e2e: E2eContext;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    process.env.LIVREA_CREDITS_PASSWORD_HASH = await hashPassword(creditsPassword);
    e2e = await startE2e();
    context = await newContext(e2e.browser);
    // Account creation (scrypt), the credentials mail and the default templates share 2 cores with
    // other test files: a success notice can take more than the default 10 s to appear.
    context.setDefaultTimeout(30_000);
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
    await e2e?.stop();
  });

  it('creates a promoter, grants an AMO a program, impersonates it, stops, bills a planning and unlocks credits', async () => {
    const { baseUrl } = e2e;
    const shell = new StaffShell(page);
    await new LoginPage(page, baseUrl).signInTo('admin@demo.livrea.fr', '/admin/programmes');
    const adminToken = await page.evaluate(() => window.localStorage.getItem('authToken'));

    // Part 3 §2 Users: the create-user modal (credentials by mail, default templates).
    await page.goto(`${baseUrl}/admin/users`);
    await page.getByRole('heading', { name: 'Administrateur / Comptes' }).waitFor();
    await page.getByRole('button', { name: 'Ajouter un utilisateur' }).click();
    for (const [label, value] of [
      ['Prénom', 'Claire'],
      ['Nom', 'Fontaine'],
      ['Entreprise', 'Fontaine Immobilier'],
      ["Nom d'utilisateur", 'cfontaine'],
      ['Email', 'claire.fontaine@demo.livrea.fr'],
    ]) {
      await page.getByLabel(label, { exact: true }).fill(value);
    }
    const generated = await page.getByLabel('Mot de passe', { exact: true }).inputValue();
    expect(generated).toHaveLength(10);
    await look(page, 'create-user-modal');
    await page.getByRole('button', { name: 'Créer' }).click();
    await shell.waitForNotification('claire.fontaine@demo.livrea.fr');
    // 'create default templates' (on by default): the new promoter has the Livrea set.
    const claire = (await (
      await fetch(`${baseUrl}/api/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'claire.fontaine@demo.livrea.fr', password: generated }),
      })
    ).json()) as { token: string };
    const claireTemplates = await api<{ templates: { name: string }[] }>(baseUrl, claire.token, '/users/me/templates');
    expect(claireTemplates.templates.map((template) => template.name).sort()).toEqual(defaultTemplates.map((template) => template.name).sort());
    const outbox = await api<{ messages: { to: string[]; text: string }[] }>(baseUrl, adminToken!, '/dev/outbox');
    expect(outbox.messages.some((message) => message.to.includes('claire.fontaine@demo.livrea.fr') && message.text.includes('Mot de passe'))).toBe(true);
    await look(page, 'users');

    // Part 3 §2 Program permissions: a new AMO is given « Les Jardins du Parc ».
    const amo = await api<{ user: { _id: string } }>(baseUrl, adminToken!, '/user', 'POST', {
      firstname: 'Hugo',
      lastname: 'Perrin',
      enterprise: 'AMO Conseil',
      username: 'hperrin',
      email: 'hugo.perrin@demo.livrea.fr',
      password: 'hugo-perrin-1',
      role: 'amo',
    });
    await page.goto(`${baseUrl}/admin/permissions/programs`);
    await page.getByRole('button', { name: 'Modifier Les Jardins du Parc' }).click();
    await page.locator('tr', { hasText: 'Les Jardins du Parc' }).getByRole('button').first().click();
    // The list opens over the table's next rows: choose by keyboard (the filter, then the first match).
    await page.getByRole('option', { name: 'Hugo Perrin' }).waitFor();
    await page.keyboard.type('Hugo Perrin');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await look(page, 'program-permissions-edit');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await shell.waitForNotification('Autorisations enregistrées');
    await page.getByText('Hugo Perrin').first().waitFor();
    // Edit, then Cancel: the confirmation comes first, and confirming leaves the row as saved.
    await page.getByRole('button', { name: 'Modifier Les Jardins du Parc' }).click();
    await page.getByRole('button', { name: 'Annuler', exact: true }).click();
    await page.getByText('Annuler les modifications ?').waitFor();
    await look(page, 'program-permissions-cancel');
    await page.getByRole('button', { name: 'Oui, annuler' }).click();
    await page.getByRole('button', { name: 'Modifier Les Jardins du Parc' }).waitFor();
    expect(await page.getByRole('button', { name: 'Enregistrer' }).count()).toBe(0);

    // Part 3 §4 Impersonation: the AMO sees only the granted program; Stop simulation returns.
    await page.goto(`${baseUrl}/admin/users/${amo.user._id}`);
    await page.getByRole('heading', { name: 'Hugo Perrin' }).waitFor();
    await look(page, 'user-detail');
    await page.getByRole('button', { name: 'Simuler' }).click();
    await waitForPath(page, '/projets');
    await page.getByText('Les Jardins du Parc').first().waitFor();
    expect(await page.locator('table tbody tr').count()).toBe(1);
    await page.getByRole('button', { name: 'Stop simulation' }).waitFor();
    await look(page, 'simulating');
    // A write while simulating (the AMO's profile): recorded with both identities.
    const written = await page.evaluate(async () => {
      const response = await fetch('/api/users/me', {
        method: 'PATCH',
        headers: { authorization: `Bearer ${window.localStorage.getItem('authToken')}`, 'content-type': 'application/json' },
        body: JSON.stringify({ enterprise: 'AMO Conseil Lyon' }),
      });
      return response.status;
    });
    expect(written).toBe(200);
    await page.getByRole('button', { name: 'Stop simulation' }).click();
    await waitForPath(page, '/admin/programmes');
    expect(await shell.userMenuText()).toContain('Administrateur');

    // Part 3 §4: the audit log shows who (administrator and simulated user), what and when.
    await page.getByRole('link', { name: "Journal d'audit" }).first().click();
    await waitForPath(page, '/admin/journal');
    const row = page.locator('tbody tr', { hasText: 'Profil modifié' }).first();
    await row.waitFor();
    expect(await row.textContent()).toContain('Hugo Perrin');
    expect(await row.textContent()).toMatch(/Réussi \(200\)/);
    await page.locator('tbody tr', { hasText: 'Début de simulation' }).first().waitFor();
    await look(page, 'audit-log');

    // Part 3 §2 Plannings billing: the demo planning is billed to a new entity; its used counter shows.
    const promoter = (await api<{ _id: string }[]>(baseUrl, adminToken!, '/admin/users/business'))[0];
    await page.goto(`${baseUrl}/admin/facturation/entities`);
    await page.getByRole('button', { name: 'Nouvelle entité' }).click();
    await choose(page, 'Forme juridique', 'SAS');
    await page.getByLabel('Raison sociale').fill('Jardins Promotion SAS');
    await page.getByLabel('SIREN').fill('732 829 320');
    await page.getByLabel('Numéro de rue').fill('12');
    await page.getByLabel('Rue', { exact: true }).fill('rue de la République');
    await page.getByLabel('Code postal').fill('69002');
    await page.getByLabel('Ville').fill('Lyon');
    await page.getByRole('button', { name: /^Promoteur/ }).click();
    // The demo promoter: the entity is then one of its own, which its account may hold (test below).
    await page
      .getByRole('option', { name: /Paul Durand/ })
      .first()
      .click();
    await look(page, 'entity-create-modal');
    await page.getByRole('button', { name: 'Créer' }).click();
    await shell.waitForNotification('Nouvelle entité de facturation créée');
    expect(promoter._id).toBeTruthy();
    await look(page, 'entities');
    await page.goto(`${baseUrl}/admin/facturation/plannings`);
    await page.locator('tbody tr').first().getByRole('button').first().click();
    await page.getByRole('option', { name: 'Jardins Promotion SAS' }).click();
    await shell.waitForNotification('Entité de facturation du planning mise à jour.');
    await look(page, 'plannings-billing');
    // Part 3 §9: the page size is chosen in « Préférences »; the table keeps its rows.
    await page.getByRole('button', { name: 'Préférences' }).click();
    await page.getByRole('radio', { name: '20' }).check();
    await page.getByRole('button', { name: 'Valider' }).click();
    await page.locator('tbody tr').first().waitFor();
    const entities = await api<{ _id: string; raisonsociale: string }[]>(baseUrl, adminToken!, '/admin/clients');
    const billed = entities.find((entity) => entity.raisonsociale === 'Jardins Promotion SAS')!;
    const invoice = await api<Record<string, { used: number }>>(baseUrl, adminToken!, '/plannings-invoice');
    const used = invoice[billed._id].used;
    expect(used).toBeGreaterThan(0);

    // Part 3 §4 Credits lock: refused with a wrong password, unlocked with the right one.
    await page.goto(`${baseUrl}/admin/facturation/entities/${billed._id}`);
    // No credits and used ones: the warning says so (part 3 §3 used counter).
    await page.getByText(invoiceEntityMessages.creditsExceeded(used, 0)).waitFor();
    await page.getByRole('tab', { name: 'Modifier' }).click();
    await page.getByText(`Rendez-vous utilisés : ${used}`).waitFor();
    await page.getByLabel('Mot de passe des crédits').fill('pas-le-bon');
    await page.getByRole('button', { name: 'Déverrouiller' }).click();
    await shell.waitForNotification('Mot de passe incorrect');
    await page.getByLabel('Mot de passe des crédits').fill(creditsPassword);
    await page.getByRole('button', { name: 'Déverrouiller' }).click();
    await shell.waitForNotification('Champ crédits déverrouillé');
    // The answer to the last attempt replaces the earlier refusal.
    expect(await page.getByText('Mot de passe incorrect').count()).toBe(0);
    expect(await page.getByLabel('Crédits', { exact: true }).getAttribute('readonly')).toBeNull();
    await look(page, 'entity-detail');
  });

  // ★ ours (the specification only shows a counter): the entity above has 0 credits and used ones.
  it('part 3 §2: a promoter whose invoicing entity has no credits left creates a planning and is warned', async () => {
    const { baseUrl } = e2e;
    const adminToken = (await page.evaluate(() => window.localStorage.getItem('authToken')))!;
    const entity = (await api<{ _id: string; raisonsociale: string }[]>(baseUrl, adminToken, '/admin/clients')).find(
      (row) => row.raisonsociale === 'Jardins Promotion SAS',
    )!;
    const signedIn = await fetch(`${baseUrl}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'promoteur@demo.livrea.fr', password: demoPassword }),
    });
    const { user } = (await signedIn.json()) as { user: { _id: string } };
    await api(baseUrl, adminToken, `/admin/users/${user._id}`, 'PATCH', { invoiceEntity: entity._id });
    const programs = await api<{ _id: string; name: string }[]>(baseUrl, adminToken, '/admin/programs');
    const programId = programs.find((program) => program.name === 'Les Jardins du Parc')!._id;

    const promoterContext = await newContext(e2e.browser);
    promoterContext.setDefaultTimeout(30_000);
    const promoterPage = await promoterContext.newPage();
    await new LoginPage(promoterPage, baseUrl).signInTo('promoteur@demo.livrea.fr', '/projets');
    const screen = new FreePlanningScreen(promoterPage, baseUrl);
    const { start, end } = visitRange();
    await screen.open(programId);
    await screen.chooseDays(start, end);
    await screen.selectFirstLots();
    await screen.name('Choix – entité sans crédits');
    await screen.create();
    const shell = new StaffShell(promoterPage);
    await shell.waitForNotification('Nouveau planning créé avec succès');
    await shell.waitForNotification("Attention : l'entité de facturation « Jardins Promotion SAS » n'a plus de crédits de rendez-vous.");
    await look(promoterPage, 'planning-created-no-credits');
    await promoterContext.close();
  });
});
