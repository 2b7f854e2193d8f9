import { mkdirSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { createApiDispatcher } from '../../infra/local/api-dispatcher';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { startE2e, type E2eContext } from '../support/e2e';
import { LoginPage, newContext, StaffShell, waitForPath } from './pages/livrea-browser';
import { PlanningDetailScreen } from './pages/planning-detail-screen';

/**
 * Part 1 §2, part 3 §2 'Done when': an administrator creates a promoter with a logo and a visit with two links
 * for a buyer; the outbox holds the mail; the public page shows both tours and counts a view
 * whose log has a country resolved offline for a public test IP; the end date moved into the past
 * makes the page say the visit expired; a moderator reaches /visites and nothing else.
 */
// Each step is a few seconds on a quiet machine; the shared 2-core CI machine needs the margin.
jest.setTimeout(300_000);

const shots = '/tmp/shots/16';
const onePixelPng = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const tour = (id: string) => `https://my.matterport.com/show/?m=${id}`;

describe('virtual visits journey (part 1 §2, part 3 §2)', () => {
  let e2e: E2eContext;
  let admin: { context: BrowserContext; page: Page };
  const buyerMail = `vv-${Date.now().toString(36)}@exemple.fr`;
  let uuid = '';

  async function shoot(page: Page, name: string) {
    await page.screenshot({ path: `${shots}/${name}-1280.jpg`, fullPage: true });
    const width = page.viewportSize();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${shots}/${name}-390.jpg`, fullPage: true });
    if (width) await page.setViewportSize(width);
  }

  /** A browser context whose waits allow for a loaded 2-core machine (the first page load compiles the SPA's chunks). */
  async function roomyContext(): Promise<BrowserContext> {
    const context = await newContext(e2e.browser);
    context.setDefaultTimeout(30_000);
    return context;
  }

  async function publicPage() {
    const context = await roomyContext();
    // The tour provider is not reachable from the test machine: its show page is answered locally.
    await context.route('https://my.matterport.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<html lang="fr"><body><p>Visite 3D</p></body></html>' }),
    );
    return { context, page: await context.newPage() };
  }

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    e2e = await startE2e();
    const context = await roomyContext();
    const page = await context.newPage();
    await new LoginPage(page, e2e.baseUrl).signInTo('admin@demo.livrea.fr', '/admin/programmes');
    admin = { context, page };
  }, 300_000);

  afterAll(async () => {
    await e2e?.stop();
  });

  it('an administrator creates a promoter with a logo, then a visit with two links that is mailed (outbox)', async () => {
    const { page } = admin;
    const shell = new StaffShell(page);
    await page.goto(`${e2e.baseUrl}/admin/visites`);
    await page.getByRole('heading', { name: 'Visites virtuelles' }).waitFor();
    await expectNoSeriousAxeViolations(page, '/admin/visites');

    await page.getByRole('button', { name: 'Ajouter un promoteur' }).click();
    const promoterDialog = page.getByRole('dialog');
    await promoterDialog.getByRole('button', { name: 'Créer le promoteur' }).click();
    await promoterDialog.getByText('Obligatoire').first().waitFor();
    await promoterDialog.getByLabel('Nom public').fill('Promoteur Journey');
    await promoterDialog.getByLabel('Nom interne').fill('Journey interne');
    await promoterDialog.getByLabel('Premier paragraphe').fill('Bienvenue chez vous.');
    await promoterDialog.getByLabel('Deuxième paragraphe').fill('Visitez chaque pièce.');
    await promoterDialog.getByLabel('Troisième paragraphe').fill('À bientôt.');
    await promoterDialog.locator('input[type=file]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: onePixelPng });
    await expectNoSeriousAxeViolations(page, 'Ajouter un promoteur');
    await promoterDialog.getByRole('button', { name: 'Créer le promoteur' }).click();
    await shell.waitForNotification('Promoteur Journey créé, logo envoyé avec succès');

    await page.getByRole('button', { name: 'Ajouter une visite' }).click();
    const visitDialog = page.getByRole('dialog');
    uuid = await visitDialog.getByLabel('Identifiant unique').inputValue();
    expect(uuid).toMatch(/^[A-Za-z0-9]{9}$/);
    await visitDialog.getByLabel('Nom du client').fill('Mme Journey');
    await visitDialog.getByLabel('Nom de la visite').fill('T4 – lot C07');
    await visitDialog.getByLabel('Lien(s) de la visite 3D').fill('https://exemple.fr/visite');
    await visitDialog.getByRole('button', { name: 'Créer la visite' }).click();
    // Part 2 §5: the link must start with the provider's show prefix.
    await visitDialog.getByText("Le lien matterport n'est pas valide.").waitFor();
    await visitDialog.getByText('Veuillez indiquer un promoteur').waitFor();
    await visitDialog.getByLabel('Lien(s) de la visite 3D').fill(`${tour('JOURNEY1')};${tour('JOURNEY2')}`);
    await visitDialog.getByLabel('E-mails').fill(buyerMail);
    await visitDialog.getByRole('button', { name: /Promoteur/ }).click();
    await page.getByRole('option', { name: /Promoteur Journey/ }).click();
    await shoot(page, 'admin-visit-form');
    await visitDialog.getByRole('button', { name: 'Créer la visite' }).click();
    await shell.waitForNotification('Visite de Mme Journey créée et envoyée par mail');
    const row = page.getByRole('row', { name: /Mme Journey/ });
    await row.getByText('Oui').waitFor();
    await shoot(page, 'admin-visits');

    const outbox = await page.evaluate(async () =>
      (await fetch('/api/dev/outbox', { headers: { authorization: `Bearer ${localStorage.getItem('authToken')}` } })).json(),
    );
    const mail = (outbox.messages as { to: string[]; text: string }[]).find((message) => message.to.includes(buyerMail));
    expect(mail?.text).toContain(`/immersion/${uuid}`);
  });

  it('the public page shows the logo, the paragraphs and both tours, and counts the view; a public test IP is located offline in the logs', async () => {
    const visitor = await publicPage();
    await visitor.page.goto(`${e2e.baseUrl}/immersion/${uuid}`);
    await visitor.page.getByRole('heading', { name: 'Bonjour Mme Journey,' }).waitFor();
    await visitor.page.getByText('Visitez chaque pièce.').waitFor();
    await expect(visitor.page.locator('iframe').count()).resolves.toBe(2);
    await visitor.page.getByRole('img', { name: 'Logo Promoteur Journey' }).waitFor({ timeout: 15_000 });
    await expectNoSeriousAxeViolations(visitor.page, '/immersion/{uuid}');
    await shoot(visitor.page, 'public-visit');

    // The same view from a public address (81.2.69.142, Great Britain), through the dispatcher as API Gateway's sourceIp.
    const dispatch = createApiDispatcher({ includeLocalRoutes: false });
    const counted = await dispatch({ method: 'POST', url: `/api/vv/${uuid}/increment`, headers: {}, sourceIp: '81.2.69.142' });
    expect(JSON.parse(counted.body.toString())).toEqual({ counted: true });

    await admin.page.goto(`${e2e.baseUrl}/admin/logs/visites`);
    await admin.page.getByRole('heading', { name: 'Logs des visites' }).waitFor();
    await admin.page.getByText('Royaume-Uni (GB)').first().waitFor();
    // 'Vues par jour' draws its bars (a bar series on a time axis drew none): one slot per day of
    // the six months, today's with a visible height, labelled JJ/MM.
    const bars = admin.page.locator('[class*="awsui_series__rect"]');
    await bars.first().waitFor({ state: 'attached' });
    expect(await bars.count()).toBeGreaterThan(0);
    const heights = await bars.evaluateAll((elements) => elements.map((element) => (element as SVGGraphicsElement).getBBox().height));
    expect(heights.some((height) => height > 0)).toBe(true);
    // Cloudscape shows the labels that do not overlap; each one is a day, JJ/MM.
    const dayLabels = await admin.page.locator('[class*="awsui_ticks--bottom"] [class*="awsui_ticks__text"]').allTextContents();
    expect(dayLabels.length).toBeGreaterThan(0);
    expect(dayLabels.every((label) => /^\d{2}\/\d{2}$/.test(label))).toBe(true);
    await expectNoSeriousAxeViolations(admin.page, '/admin/logs/visites');
    await shoot(admin.page, 'visit-logs');
    await admin.page.goto(`${e2e.baseUrl}/admin/visites`);
    // The 'Vues' column, found by its header once the table is there (allInnerTexts does not wait);
    // the row's cells: selection, name as row header, then the columns.
    await admin.page.getByRole('row', { name: /Mme Journey/ }).waitFor();
    const viewsColumn = (await admin.page.getByRole('columnheader').allInnerTexts()).findIndex((header) => header.trim() === 'Vues');
    expect(viewsColumn).toBeGreaterThan(0);
    await expect(
      admin.page
        .getByRole('row', { name: /Mme Journey/ })
        .locator('td, th')
        .nth(viewsColumn)
        .innerText(),
    ).resolves.toBe('2');
    await visitor.context.close();
  });

  it('moving the end date into the past expires the visit: the page says so', async () => {
    const { page } = admin;
    await page.getByRole('button', { name: 'Modifier la date de fin de Mme Journey' }).click();
    const dialog = page.getByRole('dialog');
    const input = dialog.getByRole('textbox').first();
    await input.fill('15/01/2020');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await page
      .getByRole('row', { name: /Mme Journey/ })
      .getByText('expirée')
      .waitFor();

    const visitor = await publicPage();
    await visitor.page.goto(`${e2e.baseUrl}/immersion/${uuid}`);
    await visitor.page.getByText('Votre visite est expirée. Si besoin, rapprochez-vous de votre promoteur pour réactiver le lien.').waitFor();
    await expect(visitor.page.locator('iframe').count()).resolves.toBe(0);
    await shoot(visitor.page, 'public-visit-expired');
    await visitor.page.goto(`${e2e.baseUrl}/vv/ZZZZZZZZZ`);
    await visitor.page.getByRole('heading', { name: 'Visite non trouvée' }).waitFor();
    await visitor.page.getByRole('button', { name: 'Quitter' }).waitFor();
    await expectNoSeriousAxeViolations(visitor.page, '/vv/{unknown}');
    await shoot(visitor.page, 'public-visit-not-found');
    await visitor.context.close();
  });

  it("a promoter sees the program's buyer visits on /projets/{id}/visites-3d", async () => {
    const context = await roomyContext();
    const page = await context.newPage();
    await new LoginPage(page, e2e.baseUrl).signInTo('promoteur@demo.livrea.fr', '/projets');
    const token = await page.evaluate(() => localStorage.getItem('authToken'));
    const programs = await (await fetch(`${e2e.baseUrl}/api/users/me/programs`, { headers: { authorization: `Bearer ${token}` } })).json();
    await page.goto(`${e2e.baseUrl}/projets/${programs[0]._id}/visites-3d`);
    await page.getByRole('heading', { name: /Visites 3D/ }).waitFor();
    await page.getByText('active').first().waitFor();
    await expectNoSeriousAxeViolations(page, '/projets/{id}/visites-3d');
    await shoot(page, 'program-visits');

    // Part 3 §2: the planning detail removes a buyer's visit from its selection, after confirmation.
    const { visits } = await (
      await fetch(`${e2e.baseUrl}/api/rdv/project/${programs[0]._id}/visites-3d`, { headers: { authorization: `Bearer ${token}` } })
    ).json();
    const buyerVisit = (visits as { uuid: string; planningId?: string; lotcomm?: string }[]).find((visit) => visit.planningId && visit.lotcomm)!;
    const detail = new PlanningDetailScreen(page, e2e.baseUrl);
    await detail.open(programs[0]._id, buyerVisit.planningId!);
    await detail.row(buyerVisit.lotcomm!).waitFor({ timeout: 60_000 });
    await detail.select([buyerVisit.lotcomm!]);
    await detail.selectionDialog('Supprimer les visites 3D');
    await detail.modal().getByText(`lot ${buyerVisit.lotcomm}`, { exact: false }).waitFor();
    await shoot(page, 'remove-buyer-visits');
    await detail.modal().getByRole('button', { name: 'Supprimer', exact: true }).click();
    await new StaffShell(page).waitForNotification('1 visite supprimée');
    expect((await fetch(`${e2e.baseUrl}/api/vv/${buyerVisit.uuid}`)).status).toBe(404);
    await context.close();
  });

  it('a moderator reaches /visites and nothing else', async () => {
    const context = await roomyContext();
    const page = await context.newPage();
    await new LoginPage(page, e2e.baseUrl).signInTo('moderateur@demo.livrea.fr', '/accueil');
    const menu = await new StaffShell(page).menuHrefs();
    expect(menu.filter((href) => href.startsWith('/'))).toEqual(expect.arrayContaining(['/accueil', '/visites']));
    expect(menu.some((href) => href.startsWith('/admin') || href.startsWith('/projets'))).toBe(false);
    await page.goto(`${e2e.baseUrl}/visites`);
    await page.getByRole('heading', { name: 'Visites virtuelles' }).waitFor();
    await page.getByRole('row', { name: /Mme Journey/ }).waitFor();
    await expectNoSeriousAxeViolations(page, '/visites');
    for (const path of ['/admin/visites', '/admin/logs/visites', '/projets']) {
      await page.goto(`${e2e.baseUrl}${path}`);
      await waitForPath(page, '/login');
    }
    await context.close();
  });
});
