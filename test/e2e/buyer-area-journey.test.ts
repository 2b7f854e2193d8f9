import { mkdirSync, readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { buyerAreaMessages } from '../../shared/messages/buyer-area';
import { messages } from '../../shared/messages/common';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { startE2e, type E2eContext } from '../support/e2e';
import { newContext, signedInContext, StaffShell, waitForPath } from './pages/livrea-browser';

/**
 * Part 1 §2 buyer area 'Done when': a buyer account sees its two demo housings, opens a ticket with a photo,
 * staff answer it from /projets/{id}/messages with a PDF, the buyer sees the badge, opens the
 * answer and downloads the PDF. Every page visited passes axe; every screen is shot at 1280 and
 * 390 px into /tmp/shots/15/.
 */
jest.setTimeout(180_000);

const shots = '/tmp/shots/15';
const photo = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const subject = `Fissure plafond ${Date.now().toString(36)}`;

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `${shots}/${name}-1280.jpg`, fullPage: true });
  const width = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${shots}/${name}-390.jpg`, fullPage: true });
  if (width) await page.setViewportSize(width);
}

describe('buyer area journey (part 1 §2 buyer area)', () => {
  let e2e: E2eContext;
  let buyer: { context: BrowserContext; page: Page };
  let staff: { context: BrowserContext; page: Page };
  let housingId = '';
  let programId = '';

  async function signedIn(email: string, home: string) {
    const signed = await signedInContext(e2e.browser, e2e.baseUrl, email, home);
    // The shared 2-core machine runs up to 8 helpers' tests at once: waits get more room than the default 20 s.
    signed.context.setDefaultTimeout(30_000);
    return signed;
  }

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    e2e = await startE2e();
    buyer = await signedIn('acquereur1@demo.livrea.fr', '/accueil-acquereur');
    staff = await signedIn('promoteur@demo.livrea.fr', '/projets');
  }, 240_000);

  afterAll(async () => {
    await e2e?.stop();
  });

  it("part 1 §2 /accueil-acquereur: 'Mes logements (2)'; a housing that cannot be loaded sends back there (§8)", async () => {
    const { page } = buyer;
    await page.getByRole('heading', { name: /Mes logements/ }).waitFor();
    await page.getByText('(2)').first().waitFor();
    await expectNoSeriousAxeViolations(page, '/accueil-acquereur');
    await shoot(page, 'accueil-acquereur');
    await page.goto(`${e2e.baseUrl}/logement/${'0'.repeat(24)}/actualite`);
    await waitForPath(page, '/accueil-acquereur');
    await new StaffShell(page).waitForNotification(buyerAreaMessages.housingNotFound);
  });

  it("part 3 §2: when the housings call fails the buyer home shows an error with 'Réessayer', not 'Aucun logement'", async () => {
    const { page } = buyer;
    await page.route('**/api/users/me/housings', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Erreur serveur' }) }),
    );
    await page.goto(`${e2e.baseUrl}/accueil-acquereur`);
    await page.getByRole('button', { name: 'Réessayer' }).waitFor();
    await expect(page.getByText('Aucun logement').count()).resolves.toBe(0);
    await page.unroute('**/api/users/me/housings');
    await page.getByRole('button', { name: 'Réessayer' }).click();
    await page.getByText('(2)').first().waitFor();
  });

  it('part 1 §2 /logement/{id}: news, documents, chantier, FAQ and the TMA / Choix placeholders', async () => {
    const { page } = buyer;
    await page.getByRole('button', { name: 'Voir mon logement' }).first().click();
    await waitForPath(page, /^\/logement\/[a-f0-9]{24}\/actualite$/);
    housingId = new URL(page.url()).pathname.split('/')[2];
    programId = await page.evaluate(() => (JSON.parse(window.localStorage.getItem('currentHousing') ?? '{}') as { program: { _id: string } }).program._id);
    await page.getByRole('heading', { name: 'Actualité du programme' }).waitFor();
    await page.getByText('Bienvenue dans votre espace acquéreur').waitFor();
    await expectNoSeriousAxeViolations(page, '/logement/{id}/actualite');
    await shoot(page, 'logement-actualite');
    for (const [tab, path, text] of [
      ['Documents', 'documents', 'Notice descriptive.pdf'],
      ['Chantier', 'chantier', 'Gros œuvre terminé'],
      ['FAQ', 'foire-aux-questions', 'Quand aura lieu la livraison ?'],
      ['TMA', 'tmas', buyerAreaMessages.comingSoon],
      ['Choix', 'choix', buyerAreaMessages.comingSoon],
    ] as const) {
      await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
      await waitForPath(page, `/logement/${housingId}/${path}`);
      await page.getByText(text).first().waitFor();
      await expectNoSeriousAxeViolations(page, `/logement/{id}/${path}`);
      await shoot(page, `logement-${path}`);
    }
  });

  it("part 1 §5 the buyer opens a conversation with a photo; an empty message gives 'Votre réponse est vide'", async () => {
    const { page } = buyer;
    await page.getByRole('tab', { name: /^Messages/ }).click();
    await waitForPath(page, `/logement/${housingId}/messages`);
    const form = page.locator('form').first();
    await form.getByRole('button', { name: 'Envoyer' }).click();
    await form.getByText(buyerAreaMessages.emptyReply).waitFor();
    await form.getByText(buyerAreaMessages.emptySubject).waitFor();
    await form.getByLabel('Objet').fill(subject);
    await form.getByLabel('Message').fill('Une fissure est apparue au plafond du séjour.');
    await form.locator('input[type=file]').setInputFiles({ name: 'fissure.png', mimeType: 'image/png', buffer: photo });
    await form.getByText('fissure.png').waitFor();
    await form.getByRole('button', { name: 'Envoyer' }).click();
    await page.getByRole('button', { name: subject }).waitFor({ timeout: 15_000 });
    await expectNoSeriousAxeViolations(page, '/logement/{id}/messages');
    await shoot(page, 'logement-messages');
  });

  it('part 3 §2 /projets/{id}/messages: staff see it unread and answer with a PDF', async () => {
    const { page } = staff;
    await page.goto(`${e2e.baseUrl}/projets/${programId}/messages`);
    await page.getByRole('heading', { name: 'Messages des acquéreurs' }).waitFor();
    const header = page.getByRole('button', { name: new RegExp(subject) });
    await header.waitFor();
    await page.getByText('Non lu').first().waitFor();
    await expectNoSeriousAxeViolations(page, '/projets/{id}/messages');
    await header.click();
    const reply = page
      .locator('form')
      .filter({ has: page.getByRole('button', { name: 'Répondre' }) })
      .first();
    await reply.getByLabel('Votre réponse').fill('Bonjour, un technicien passera mardi. Voici le bon d’intervention.');
    await reply.locator('input[type=file]').setInputFiles({ name: 'bon-intervention.pdf', mimeType: 'application/pdf', buffer: pdf });
    await reply.getByRole('button', { name: 'Répondre' }).click();
    await page.getByRole('link', { name: 'bon-intervention.pdf' }).waitFor({ timeout: 15_000 });
    await shoot(page, 'projets-messages');
  });

  it('part 1 §2 badges: the buyer sees the badge on Messages, opens the answer (badge cleared) and downloads the PDF', async () => {
    const { page } = buyer;
    await page.goto(`${e2e.baseUrl}/logement/${housingId}/actualite`);
    const messagesTab = page.getByRole('tab', { name: /^Messages/ });
    await expect(messagesTab.innerText()).resolves.toMatch(/Messages\s*1/);
    await shoot(page, 'logement-badge');
    await messagesTab.click();
    await page.getByText('Nouvelle réponse').waitFor();
    await page.getByText('Bonjour, un technicien passera mardi.').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'bon-intervention.pdf' }).click()]);
    expect(download.suggestedFilename()).toBe('bon-intervention.pdf');
    expect(
      readFileSync((await download.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    await page.reload();
    await page.getByRole('button', { name: subject }).waitFor();
    await expect(page.getByRole('tab', { name: /^Messages/ }).innerText()).resolves.toMatch(/^Messages\s*$/);
  });

  it('part 2 §2.2 client detail: the Messages, Rendez-vous and Visites Virtuelles tabs and the invitation button', async () => {
    const { page } = staff;
    await page.goto(`${e2e.baseUrl}/projets/${programId}/clients/${housingId}`);
    await page.getByRole('heading', { name: 'Données client' }).waitFor();
    await page.getByRole('tab', { name: 'Messages' }).click();
    await page.getByRole('button', { name: new RegExp(subject) }).waitFor();
    await expectNoSeriousAxeViolations(page, '/projets/{id}/clients/{clientId} Messages');
    await shoot(page, 'client-messages');
    await page.getByRole('tab', { name: 'Rendez-vous' }).click();
    await page.getByRole('columnheader', { name: 'Statut' }).waitFor();
    // The demo buyer's lot A001 is invited to the demo free planning: a real meeting, its status and history.
    const row = page.getByRole('row').filter({ hasText: 'Visites cloisons – bâtiment A' });
    await row.waitFor();
    await expect(row.innerText()).resolves.toMatch(/Cloisons[\s\S]*(réservé|en attente)[\s\S]*(Aucune modification|Historique \(\d+\))/);
    await expectNoSeriousAxeViolations(page, '/projets/{id}/clients/{clientId} Rendez-vous');
    await shoot(page, 'client-rendez-vous');
    await page.getByRole('tab', { name: 'Visites Virtuelles' }).click();
    await page.getByRole('columnheader', { name: 'Lien' }).waitFor();
    await shoot(page, 'client-visites');
    await page.getByRole('button', { name: "Inviter à l'espace acquéreur" }).click();
    await new StaffShell(page).waitForNotification(buyerAreaMessages.accountExists);
  });

  const newsTitle = `Pose des menuiseries ${Date.now().toString(36)}`;

  it('part 1 §2 buyer area /projets/{id}/espace-acquereur: staff post a news item with an image and share a document from the side menu; a delete asks first', async () => {
    const { page } = staff;
    // The 390 px screenshots leave the side navigation closed: menuHrefs opens it.
    expect(await new StaffShell(page).menuHrefs()).toContain(`/projets/${programId}/espace-acquereur`);
    await page.getByRole('link', { name: 'Espace acquéreur' }).click();
    await waitForPath(page, `/projets/${programId}/espace-acquereur`);
    await page.getByRole('heading', { name: 'Espace acquéreur', level: 1 }).waitFor();
    await page.getByRole('heading', { name: /^Actualités publiées/ }).waitFor();
    await expectNoSeriousAxeViolations(page, '/projets/{id}/espace-acquereur Actualités');
    const news = page.locator('form').first();
    await news.getByRole('button', { name: 'Publier' }).click();
    await news.getByText('Obligatoire').first().waitFor();
    await news.getByLabel('Titre').fill(newsTitle);
    await news.getByLabel('Texte').fill('Les fenêtres du bâtiment A sont posées.');
    await news.locator('input[type=file]').setInputFiles({ name: 'fenetres.png', mimeType: 'image/png', buffer: photo });
    await news.getByRole('button', { name: 'Publier' }).click();
    await page.getByRole('heading', { name: newsTitle }).waitFor({ timeout: 15_000 });
    await page.getByRole('img', { name: 'fenetres.png' }).waitFor();
    await shoot(page, 'espace-acquereur-actualites');

    await page.getByRole('tab', { name: 'Chantier' }).click();
    await page.getByRole('heading', { name: /^Points chantier publiés/ }).waitFor();
    await expectNoSeriousAxeViolations(page, '/projets/{id}/espace-acquereur Chantier');
    await shoot(page, 'espace-acquereur-chantier');

    await page.getByRole('tab', { name: 'Documents' }).click();
    await page.getByRole('heading', { name: /^Documents partagés/ }).waitFor();
    for (const name of ['reglement-copropriete.pdf', 'brouillon.pdf']) {
      const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Partager', exact: true }) });
      await form.locator('input[type=file]').setInputFiles({ name, mimeType: 'application/pdf', buffer: pdf });
      await form.getByRole('button', { name: 'Partager', exact: true }).click();
      await page.getByRole('link', { name }).waitFor({ timeout: 15_000 });
    }
    await expectNoSeriousAxeViolations(page, '/projets/{id}/espace-acquereur Documents');
    await shoot(page, 'espace-acquereur-documents');
    await page.getByRole('button', { name: 'Supprimer brouillon.pdf' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Supprimer « brouillon.pdf » ?').waitFor();
    await dialog.getByRole('button', { name: 'Supprimer' }).click();
    await new StaffShell(page).waitForNotification(`${buyerAreaMessages.documentDeleted} : « brouillon.pdf ».`);
    await expect(page.getByRole('link', { name: 'brouillon.pdf' }).count()).resolves.toBe(0);

    await page.getByRole('tab', { name: 'FAQ' }).click();
    await page.getByRole('button', { name: 'Ajouter une question' }).waitFor();
    await expectNoSeriousAxeViolations(page, '/projets/{id}/espace-acquereur FAQ');
    await shoot(page, 'espace-acquereur-faq');
  });

  it('part 1 §2 the buyer sees the new news item and document, each announced by its badge', async () => {
    const { page } = buyer;
    await page.goto(`${e2e.baseUrl}/logement/${housingId}/messages`);
    await expect(page.getByRole('tab', { name: /^Actualité/ }).innerText()).resolves.toMatch(/Actualité\s*1/);
    // One badge per share: the deleted draft's share is not withdrawn.
    await expect(page.getByRole('tab', { name: /^Documents/ }).innerText()).resolves.toMatch(/Documents\s*\d+/);
    await page.getByRole('tab', { name: /^Actualité/ }).click();
    await page.getByRole('heading', { name: newsTitle }).waitFor();
    await page.getByRole('tab', { name: /^Documents/ }).click();
    await page.getByText('reglement-copropriete.pdf').waitFor();
    await expect(page.getByText('brouillon.pdf').count()).resolves.toBe(0);
  });

  it('part 1 §2 buyer area, §6 /confirmer-email: the confirmation link asks for a click, and a used or expired link says so', async () => {
    const context = await newContext(e2e.browser);
    const page = await context.newPage();
    try {
      await page.goto(`${e2e.baseUrl}/confirmer-email?email=${encodeURIComponent('personne@acquereurs.test')}&token=${'x'.repeat(43)}`);
      await page.getByRole('heading', { name: 'Confirmation de l’adresse e-mail' }).waitFor();
      await page.getByRole('button', { name: 'Confirmer mon adresse e-mail' }).click();
      await page.getByText(messages.emailLinkInvalid).waitFor();
      await expectNoSeriousAxeViolations(page, '/confirmer-email');
      await shoot(page, 'confirmer-email');
    } finally {
      await context.close();
    }
  });
});
