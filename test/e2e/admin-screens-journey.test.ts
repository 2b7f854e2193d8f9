import { mkdirSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { startE2e, type E2eContext } from '../support/e2e';
import { apiCall, demoPassword, LoginPage, newContext, StaffShell, waitForPath } from './pages/livrea-browser';

/**
 * The administration screens as an administrator uses them (part 3 §2, §4): the permission pickers
 * with the mouse, an account's civility and invoicing entity, the accounts search, sort and name
 * link, breadcrumbs that name what they show, the audit log in French, the visit-log deletion
 * confirmation, and a forbidden program page that shows only its message.
 */
jest.setTimeout(400_000);

const shots = '/tmp/shots/admin-screens';

const api = apiCall;

/**
 * Screenshots at 1280 px and 390 px, and the axe check of the page at 1280 px. At 390 px every staff
 * page still carries Cloudscape's mobile toolbar attribute (its aria-orientation on a nav, which axe flags; worked around elsewhere).
 */
async function look(page: Page, name: string): Promise<void> {
  await expectNoSeriousAxeViolations(page, `${name} (1280 px)`);
  await page.screenshot({ path: `${shots}/${name}-1280.jpg`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    await expectNoSeriousAxeViolations(page, `${name} (390 px)`);
    await page.screenshot({ path: `${shots}/${name}-390.jpg`, fullPage: true });
  } finally {
    await page.setViewportSize({ width: 1280, height: 900 });
  }
}

/** Signs in and waits for the home page (up to a minute: the machine is shared by parallel runs). */
async function signIn(page: Page, baseUrl: string, email: string, password: string, home: string): Promise<void> {
  const login = new LoginPage(page, baseUrl);
  await login.open();
  await login.signIn(email, password);
  await page.waitForURL((url) => url.pathname === home, { timeout: 60_000 });
}

/** The visible breadcrumb items, joined with ' › '. */
async function breadcrumbs(page: Page): Promise<string> {
  return page.evaluate(() => {
    const trail =
      [...document.querySelectorAll('nav[aria-label="Fil d\'Ariane"]')].find((nav) => (nav as HTMLElement).offsetParent !== null) ??
      document.querySelector('nav[aria-label="Fil d\'Ariane"]');
    // The first list: Cloudscape keeps a hidden copy of the trail to measure it.
    return [...(trail?.querySelector('ol')?.children ?? [])]
      .map((item) => (item as HTMLElement).innerText.trim())
      .filter((text) => text && text !== '...' && text !== '…')
      .join(' › ');
  });
}

describe('part 3 administration screens', () => {
  let e2e: E2eContext;
  let context: BrowserContext;
  let page: Page;
  let shell: StaffShell;
  let adminToken: string;
  let programs: { _id: string; name: string }[];

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    e2e = await startE2e();
    context = await newContext(e2e.browser);
    context.setDefaultTimeout(30_000);
    page = await context.newPage();
    shell = new StaffShell(page);
    await signIn(page, e2e.baseUrl, 'admin@demo.livrea.fr', demoPassword, '/admin/programmes');
    adminToken = (await page.evaluate(() => window.localStorage.getItem('authToken')))!;
    programs = await api(e2e.baseUrl, adminToken, '/admin/programs?isActifSelected=true&isArchivedSelected=false');
  });
  afterAll(async () => {
    await context?.close();
    await e2e?.stop();
  });

  it('part 3 §2 Program permissions: an AMO is chosen with the mouse and saved; a save without change says so', async () => {
    const { baseUrl } = e2e;
    const amo = await api<{ user: { _id: string } }>(baseUrl, adminToken, '/user', 'POST', {
      firstname: 'Hugo',
      lastname: 'Perrin',
      enterprise: 'AMO Conseil',
      username: 'hperrin',
      email: 'hugo.perrin@demo.livrea.fr',
      password: 'hugo-perrin-1',
      role: 'amo',
    });
    const program = programs[0];
    await page.goto(`${baseUrl}/admin/permissions/programs`);
    await page.getByRole('button', { name: `Modifier ${program.name}` }).click();
    await page.locator('tr', { hasText: program.name }).getByRole('button').first().click();
    const option = page.getByRole('option', { name: 'Hugo Perrin' });
    await option.waitFor();
    // The list is readable (not a 15 px strip inside the cell).
    expect((await option.boundingBox())!.height).toBeGreaterThan(20);
    await look(page, 'program-permissions-open');
    await option.click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await shell.waitForNotification('Autorisations enregistrées');
    const rows = await api<{ _id: string; authorized: { _id: string }[] }[]>(baseUrl, adminToken, '/admin/permissions/programs');
    expect(rows.find((row) => row._id === program._id)!.authorized.map((person) => person._id)).toContain(amo.user._id);

    await page.getByRole('button', { name: `Modifier ${program.name}` }).click();
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await shell.waitForNotification('Aucune modification : les autorisations sont inchangées.');
  });

  it("part 3 §2 User permissions: 'Permissions › Utilisateurs', promoters and AMOs listed, a program chosen with the mouse and saved", async () => {
    const { baseUrl } = e2e;
    await page.goto(`${baseUrl}/admin/permissions/users`);
    await page.getByRole('heading', { name: 'Permissions des utilisateurs' }).waitFor();
    expect(await breadcrumbs(page)).toBe('Livrea › Permissions › Utilisateurs');
    await page.locator('tbody tr', { hasText: 'Promoteur' }).first().waitFor();
    await page.locator('tbody tr', { hasText: 'Paul Durand' }).getByText('(propriétaire)').first().waitFor();
    const program = programs[programs.length - 1];
    await page.getByRole('button', { name: 'Modifier Sophie Robert' }).click();
    await page.locator('tr', { hasText: 'Sophie Robert' }).getByRole('button').first().click();
    const option = page.getByRole('option', { name: program.name });
    await option.waitFor();
    const already = (await option.getAttribute('aria-selected')) === 'true';
    await look(page, 'user-permissions-open');
    await option.click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await shell.waitForNotification('Autorisations enregistrées');
    const rows = await api<{ name: string; authorized: { _id: string }[] }[]>(baseUrl, adminToken, '/admin/permissions/users');
    expect(rows.find((row) => row.name === 'Sophie Robert')!.authorized.some((entry) => entry._id === program._id)).toBe(!already);
  });

  it('part 3 §2 Users: the search finds an e-mail and « Dubois Léa »; every column sorts; the name is a link; the account names itself in the breadcrumbs', async () => {
    const { baseUrl } = e2e;
    await page.goto(`${baseUrl}/admin/users`);
    const search = page.getByLabel('Rechercher un compte (nom, prénom ou e-mail)');
    for (const typed of ['acquereur1@demo', 'Dubois Léa', 'lea dubois']) {
      await search.fill(typed);
      await page.locator('tbody tr', { hasText: 'acquereur1@demo.livrea.fr' }).waitFor();
      await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 1);
    }
    await search.fill('');
    await page.getByRole('columnheader', { name: /Email/ }).click();
    await page.waitForFunction(() => {
      const cells = [...document.querySelectorAll('tbody tr')].map((row) => row.querySelectorAll('td')[2]?.textContent ?? '');
      return (
        cells.length > 1 && cells.every((cell, index) => index === 0 || cells[index - 1].localeCompare(cell, 'fr') <= 0) && cells[0].startsWith('acquereur1')
      );
    });
    await look(page, 'users-sorted-by-email');
    await search.fill('Dubois Léa');
    await page.getByRole('link', { name: 'Dubois' }).click();
    await waitForPath(page, /\/admin\/users\/[a-f0-9]{24}$/);
    await page.getByRole('heading', { name: 'Léa Dubois' }).waitFor();
    await page.waitForFunction(() => document.querySelector('nav[aria-label="Fil d\'Ariane"]')?.textContent?.includes('Léa Dubois'));
    expect(await breadcrumbs(page)).not.toMatch(/[a-f0-9]{24}/);
  });

  it("part 3 §3 User: an account's civility and invoicing entity are set on its page, checked by the server", async () => {
    const { baseUrl } = e2e;
    const promoter = (await api<{ _id: string; email: string }[]>(baseUrl, adminToken, '/admin/users/business')).find(
      (user) => user.email === 'promoteur@demo.livrea.fr',
    )!;
    const entityBody = (raisonsociale: string, owner: string) => ({
      formejuridique: 'sas',
      raisonsociale,
      siret: '732 829 320',
      promoter: owner,
      adressenumero: '3',
      adresserue: 'rue de la Gare',
      adressecodepostal: '69003',
      adresseville: 'Lyon',
      adressepays: 'France',
    });
    const own = await api<{ entity: { _id: string } }>(baseUrl, adminToken, '/admin/client', 'POST', entityBody('Horizon Facturation SAS', promoter._id));
    const otherPromoter = await api<{ user: { _id: string } }>(baseUrl, adminToken, '/user', 'POST', {
      firstname: 'Nina',
      lastname: 'Lambert',
      enterprise: 'Lambert Promotion',
      username: 'nlambert',
      email: 'nina.lambert@demo.livrea.fr',
      password: 'nina-lambert-1',
      role: 'promoter',
    });
    await api(baseUrl, adminToken, '/admin/client', 'POST', entityBody('Lambert Facturation SAS', otherPromoter.user._id));

    await page.goto(`${baseUrl}/admin/users/${promoter._id}`);
    await page.getByRole('heading', { name: 'Paul Durand' }).waitFor();
    // Another promoter's entity is refused, under its field.
    await page.getByRole('button', { name: /^Entité de facturation/ }).click();
    await page.getByRole('option', { name: 'Lambert Facturation SAS' }).click();
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await shell.waitForNotification('Cette entité de facturation appartient à un autre promoteur.');
    await page.getByRole('button', { name: /^Civilité/ }).click();
    await page.getByRole('option', { name: 'Monsieur' }).click();
    await page.getByRole('button', { name: /^Entité de facturation/ }).click();
    await page.getByRole('option', { name: 'Horizon Facturation SAS' }).click();
    await look(page, 'user-detail-entity');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await shell.waitForNotification('Utilisateur mis à jour');
    const saved = await api<{ user: { gender?: string; invoiceEntity?: string } }>(baseUrl, adminToken, `/admin/users/${promoter._id}`);
    expect(saved.user).toEqual(expect.objectContaining({ gender: 'Monsieur', invoiceEntity: own.entity._id }));

    // The entity page names the entity in the breadcrumbs.
    await page.goto(`${baseUrl}/admin/facturation/entities/${own.entity._id}`);
    await page.waitForFunction(() => document.querySelector('nav[aria-label="Fil d\'Ariane"]')?.textContent?.includes('Horizon Facturation SAS'));
  });

  it('part 3 §4 Impersonation: the audit log names the actions in French', async () => {
    const { baseUrl } = e2e;
    const amo = (
      await api<{ users: { _id: string }[] }>(baseUrl, adminToken, `/admin/users?filters=${encodeURIComponent(JSON.stringify({ search: 'amo2@demo' }))}`)
    ).users[0];
    const simulated = await api<{ token: string }>(baseUrl, adminToken, `/admin/simulate/${amo._id}`);
    await api(baseUrl, simulated.token, '/users/me', 'PATCH', { enterprise: 'AMO Conseil Lyon' });
    await api(baseUrl, simulated.token, '/users/logout', 'POST');
    await page.goto(`${baseUrl}/admin/journal`);
    for (const action of ['Début de simulation', 'Profil modifié', 'Fin de simulation']) await page.locator('tbody tr', { hasText: action }).first().waitFor();
    expect(await page.locator('tbody').textContent()).not.toMatch(/\/api\/|PATCH|POST/);
    await look(page, 'audit-log');
  });

  it('part 3 §2 Visit logs: deleting views asks first; Annuler keeps them', async () => {
    const { baseUrl } = e2e;
    await page.goto(`${baseUrl}/admin/logs/visites`);
    // The views' rows (their selection boxes), once the history has loaded.
    const rows = page.getByRole('checkbox', { name: /^Sélectionner la vue du / });
    await rows.first().waitFor();
    await page
      .getByText(/^Historique/)
      .first()
      .waitFor();
    await page.waitForFunction(() => !document.body.textContent?.includes("Chargement de l'historique"));
    const before = await rows.count();
    expect(before).toBeGreaterThan(0);
    await rows.first().check();
    await page.getByRole('button', { name: 'Supprimer la sélection' }).click();
    await page.getByText('Supprimer les vues sélectionnées ?').waitFor();
    await page.getByText("1 vue sera définitivement supprimée de l'historique.").waitFor();
    await look(page, 'visit-logs-confirm');
    await page.getByRole('dialog').getByRole('button', { name: 'Annuler' }).click();
    await page.getByText('Supprimer les vues sélectionnées ?').waitFor({ state: 'hidden' });
    expect(await rows.count()).toBe(before);
  });

  it('a program page the caller may not reach shows only the refusal, none of its forms', async () => {
    const { baseUrl } = e2e;
    const outsider = await newContext(e2e.browser);
    outsider.setDefaultTimeout(30_000);
    const outsiderPage = await outsider.newPage();
    // An AMO authorized on no program.
    await api(baseUrl, adminToken, '/user', 'POST', {
      firstname: 'Zoé',
      lastname: 'Faure',
      enterprise: 'AMO Conseil',
      username: 'zfaure',
      email: 'zoe.faure@demo.livrea.fr',
      password: 'zoe-faure-12',
      role: 'amo',
    });
    await signIn(outsiderPage, baseUrl, 'zoe.faure@demo.livrea.fr', 'zoe-faure-12', '/projets');
    const forbidden = programs[0];
    for (const section of ['espace-acquereur', 'messages', 'parcours']) {
      await outsiderPage.goto(`${baseUrl}/projets/${forbidden._id}/${section}`);
      await outsiderPage.getByText("Vous n'avez pas la permission d'effectuer cette opération.").first().waitFor();
      await outsiderPage.getByRole('link', { name: 'Retour à la liste des programmes' }).waitFor();
      expect(await outsiderPage.locator('main textarea, main input:not([type=hidden]), [role=tablist]').count()).toBe(0);
    }
    await look(outsiderPage, 'forbidden-program');
    await outsider.close();
  });

  it('the funnel never shows fewer buyers who opened the link than buyers who booked (a booking is made through the link)', async () => {
    const { baseUrl } = e2e;
    await page.goto(`${baseUrl}/projets/${programs[0]._id}/parcours`);
    const opened = page.getByText('Ont ouvert le lien');
    await opened.first().waitFor();
    const values = await page.evaluate(() => {
      // KeyValuePairs: each label a <dt>, its value the <dd> after it ('4 (40 %)').
      const counts = (label: string) =>
        [...document.querySelectorAll('dt')]
          .filter((term) => term.textContent?.trim() === label)
          .map((term) => Number(/^(\d+)/.exec(term.nextElementSibling?.textContent?.trim() ?? '')?.[1] ?? NaN));
      return { opened: counts('Ont ouvert le lien'), booked: counts('Ont réservé ou confirmé') };
    });
    expect(values.opened.length).toBeGreaterThan(0);
    values.opened.forEach((count, index) => expect(count).toBeGreaterThanOrEqual(values.booked[index]));
    expect(values.booked.some((count) => count > 0)).toBe(true);
    await look(page, 'funnel');
  });

  it("part 2 §2.10 the participants' action says 'Envoyer les liens de visite virtuelle', not 'VR'", async () => {
    const { baseUrl } = e2e;
    const { plannings } = await api<{ plannings: { _id: string; templateType: string }[] }>(baseUrl, adminToken, `/rdv/project/${programs[0]._id}/plannings`);
    const free = plannings.find((planning) => planning.templateType === 'promoter')!;
    await page.goto(`${baseUrl}/projets/${programs[0]._id}/plannings-libres/${free._id}`);
    const first = page.getByRole('checkbox', { name: /^Sélectionner le lot / }).first();
    await first.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await first.check();
    await page.getByRole('button', { name: 'Actions', exact: true }).first().click();
    await page.getByRole('menuitem', { name: 'Envoyer les liens de visite virtuelle' }).waitFor();
    expect(await page.getByRole('menuitem', { name: /\bVR\b/ }).count()).toBe(0);
  });

  it("part 2 §5 the planning's message dialog lists <SIGNATURE> only when it accepts it", async () => {
    const { baseUrl } = e2e;
    const { plannings } = await api<{ plannings: { _id: string; templateType: string; contact?: { signature?: string } }[] }>(
      baseUrl,
      adminToken,
      `/rdv/project/${programs[0]._id}/plannings`,
    );
    const free = plannings.find((planning) => planning.templateType === 'promoter')!;
    await page.goto(`${baseUrl}/projets/${programs[0]._id}/plannings-libres/${free._id}`);
    await page.getByRole('button', { name: 'Personnaliser' }).click();
    const dialog = page.getByRole('dialog', { name: 'Personnaliser les messages' });
    await dialog.getByText(/^Balises disponibles : /).waitFor();
    const listed = ((await dialog.getByText(/^Balises disponibles : /).textContent()) ?? '').split('. Renseignez')[0];
    await dialog.getByRole('textbox').fill('Bonjour <NOM>,\n<SIGNATURE>');
    const refused = dialog.getByText('Balise(s) SIGNATURE non disponible(s) sur ce planning.');
    if (listed.includes('<SIGNATURE>')) expect(await refused.count()).toBe(0);
    else {
      await refused.waitFor();
      expect(await dialog.getByText(/Renseignez la personne à contacter du planning pour utiliser .*<SIGNATURE>/).count()).toBe(1);
    }
    await look(page, 'planning-messages-tags');
  });

  it("part 1 §2 a buyer's housing breadcrumbs: 'Mes logements › Lot … › Documents'", async () => {
    const { baseUrl } = e2e;
    const buyer = await newContext(e2e.browser);
    buyer.setDefaultTimeout(30_000);
    const buyerPage = await buyer.newPage();
    await signIn(buyerPage, baseUrl, 'acquereur1@demo.livrea.fr', demoPassword, '/accueil-acquereur');
    const token = (await buyerPage.evaluate(() => window.localStorage.getItem('authToken')))!;
    const housing = (await api<{ housings: { _id: string; lotcomm: string }[] }>(baseUrl, token, '/users/me/housings')).housings[0];
    await buyerPage.goto(`${baseUrl}/logement/${housing._id}/documents`);
    await buyerPage.waitForFunction((lot) => document.querySelector('nav[aria-label="Fil d\'Ariane"]')?.textContent?.includes(`Lot ${lot}`), housing.lotcomm);
    const trail = await breadcrumbs(buyerPage);
    expect(trail).toBe(`Livrea › Mes logements › Lot ${housing.lotcomm} › Documents`);
    expect(trail).not.toContain(housing._id);
    await look(buyerPage, 'housing-documents');
    await buyer.close();
  });
});
