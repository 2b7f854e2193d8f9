import createWrapper from '@cloudscape-design/components/test-utils/selectors';
import type { BrowserContext, Page } from 'playwright-core';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { snapshot, startE2e, type E2eContext } from '../support/e2e';
import { futureMonday, planningBody, workingDays } from '../support/planning-fixtures';
import { FreePlanningScreen, visitRange } from './pages/free-planning-screen';
import { demoPassword, LoginPage, newContext } from './pages/livrea-browser';

/**
 * Part 1 §2, part 2 §8 and §2.4, as a French staff user meets them: one error under the field it is
 * about, breadcrumbs in words ('Permissions', 'Page introuvable'), the AMOs' names under 'Équipe'
 * (detail page and public viewer), 'Mail madame *' for a Madame, a simulation refusal that leaves
 * with its cause, and the simulated schedule labelled as one possible placement. Every screen is
 * axe-checked; shots in test-results/texts-*.png.
 */
jest.setTimeout(180_000);

const wrapper = createWrapper();
const ADMIN_HOME = '/admin/programmes';

async function token(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: demoPassword }),
  });
  return ((await response.json()) as { token: string }).token;
}

async function api<T>(baseUrl: string, auth: string, path: string, method = 'GET', body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${auth}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

describe('part 1 §2, part 2 §8, part 2 §2.4: the words of the staff screens', () => {
  let e2e: E2eContext;
  let context: BrowserContext;
  let page: Page;
  let promoterToken = '';
  let programId = '';
  let lots: { _id: string; lotcomm: string; titre?: string }[] = [];

  beforeAll(async () => {
    e2e = await startE2e();
    context = await newContext(e2e.browser);
    page = await context.newPage();
    await new LoginPage(page, e2e.baseUrl).signInTo('promoteur@demo.livrea.fr', '/projets');
    promoterToken = await token(e2e.baseUrl, 'promoteur@demo.livrea.fr');
    const programs = await api<{ _id: string; name: string }[]>(e2e.baseUrl, promoterToken, '/users/me/programs?isActifSelected=true&isArchivedSelected=false');
    programId = programs.find((program) => program.name === 'Les Jardins du Parc')!._id;
    lots = (await api<{ clients: typeof lots }>(e2e.baseUrl, promoterToken, `/programs/${programId}/clients?limit=500`)).clients;
  }, 120_000);

  afterAll(async () => {
    await e2e?.stop();
  });

  afterEach(async () => {
    const name =
      expect
        .getState()
        .currentTestName?.replace(/[^a-z0-9]+/gi, '-')
        .slice(0, 80) ?? 'step';
    await snapshot(page, `texts-${name}`).catch(() => undefined);
  });

  it("point 3: the add-buyer window says 'Veuillez sélectionner un invité !' once, under Invité only", async () => {
    await page.goto(`${e2e.baseUrl}/projets/${programId}/plannings`);
    await page.getByRole('button', { name: 'Visites cloisons – bâtiment A' }).click();
    await page.getByRole('button', { name: 'Ajouter un acquéreur' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ajouter un acquéreur au planning' });
    await dialog.getByRole('button', { name: 'Ajouter', exact: true }).click();

    await dialog.getByText('Veuillez sélectionner un invité !').first().waitFor();
    expect(await dialog.getByText('Veuillez sélectionner un invité !').count()).toBe(1);
    const guestField = page.locator(wrapper.findModal().findContent().findFormField().toSelector()).first();
    expect(await guestField.innerText()).toContain('Invité');
    expect(await guestField.innerText()).toContain('Veuillez sélectionner un invité !');
    await expectNoSeriousAxeViolations(page, 'the add-buyer window with its error', '[role="dialog"]');
    await dialog
      .getByRole('button', { name: 'Annuler' })
      .or(dialog.getByRole('button', { name: 'Fermer' }))
      .first()
      .click();
  });

  it("point 3: 'Équipe' names the planning's AMOs on the detail page and on the public viewer /pview", async () => {
    const amos = (await api<{ _id: string; firstname: string; lastname: string }[]>(e2e.baseUrl, promoterToken, '/users/amos')).slice(0, 2);
    await api(e2e.baseUrl, promoterToken, `/programs/${programId}`, 'PATCH', { authorized: amos.map((amo) => amo._id) });
    const events = workingDays(futureMonday(), 2, { start: 8 * 60 + 30, end: 17 * 60 }, 2);
    const body = planningBody(
      programId,
      lots.slice(0, 4).map((lot) => lot._id),
      { name: `Équipe nommée ${Date.now().toString(36)}`, events, amoList: amos.map((amo) => amo._id), areAmosAssigned: true },
    );
    const created = await api<{ planning: { _id: string } }>(e2e.baseUrl, promoterToken, '/rdv', 'POST', body);
    const { planning } = await api<{ planning: { uuid: string } }>(e2e.baseUrl, promoterToken, `/rdv/${created.planning._id}`);
    const names = amos.map((amo) => `${amo.firstname} ${amo.lastname}`.trim());

    await page.goto(`${e2e.baseUrl}/projets/${programId}/plannings-libres/${created.planning._id}`);
    const summary = page.locator(wrapper.findKeyValuePairs().toSelector()).filter({ hasText: 'Équipe' });
    for (const name of names) await summary.getByText(name).first().waitFor();
    expect(await summary.innerText()).not.toMatch(/\bA1\b/);

    await page.goto(`${e2e.baseUrl}/pview/${planning.uuid}`);
    await page.getByText('Équipe').first().waitFor();
    for (const name of names) await page.getByText(name).first().waitFor();
    await expectNoSeriousAxeViolations(page, '/pview with named AMOs');
  });

  it("point 3: the Permissions page's breadcrumb says 'Permissions', not 'programs'", async () => {
    const admin = await newContext(e2e.browser);
    const adminPage = await admin.newPage();
    await new LoginPage(adminPage, e2e.baseUrl).signInTo('admin@demo.livrea.fr', ADMIN_HOME);
    await adminPage.goto(`${e2e.baseUrl}/admin/permissions/programs`);
    const breadcrumbs = adminPage.locator(wrapper.findBreadcrumbGroup().toSelector()).first();
    await breadcrumbs.getByText('Permissions').first().waitFor();
    expect(await breadcrumbs.innerText()).not.toMatch(/programs/i);
    await expectNoSeriousAxeViolations(adminPage, '/admin/permissions/programs');
    await snapshot(adminPage, 'texts-permissions');
    await admin.close();
  });

  it("point 3: an unknown page's breadcrumb says 'Page introuvable', not the raw URL parts", async () => {
    await page.goto(`${e2e.baseUrl}/projets/${programId}/n-importe-quoi`);
    const breadcrumbs = page.locator(wrapper.findBreadcrumbGroup().toSelector()).first();
    await breadcrumbs.getByText('Page introuvable').first().waitFor();
    expect(await breadcrumbs.innerText()).not.toContain('n-importe-quoi');
    await expectNoSeriousAxeViolations(page, 'the 404 page');
  });

  it("point 3: a Madame client's required fields say 'Mail madame *' and 'Téléphone madame *'", async () => {
    const madame = lots.find((lot) => lot.titre === 'Madame')!;
    await page.goto(`${e2e.baseUrl}/projets/${programId}/clients/${madame._id}`);
    await page.getByText('Mail madame *', { exact: true }).waitFor();
    await page.getByText('Téléphone madame *', { exact: true }).waitFor();
    expect(await page.getByText('Mail monsieur *', { exact: true }).count()).toBe(0);
    await expectNoSeriousAxeViolations(page, 'a Madame client');
  });

  it("points 5 and 6: the refusal leaves when its cause does; the drawer shows 'Exemple de placement possible'", async () => {
    const screen = new FreePlanningScreen(page, e2e.baseUrl);
    const flashbar = page.locator(wrapper.findFlashbar().toSelector()).first();
    const refusal = /Impossible de lancer une simulation|Veuillez renseigner un horaire de pause déjeuner/;
    await screen.open(programId);

    // No day yet: Simulation is refused with a message.
    await page.getByRole('button', { name: 'Simulation' }).click();
    await flashbar.getByText(refusal).first().waitFor();

    // The cause goes (days chosen, buyers ticked): the message goes without another click.
    const { start, end } = visitRange();
    await screen.chooseDays(start, end);
    await screen.selectFirstLots();
    await flashbar.getByText(refusal).first().waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Simulation' }).click();
    await page.getByText('Exemple de placement possible').waitFor();
    expect(await flashbar.getByText(refusal).count()).toBe(0);
    await expectNoSeriousAxeViolations(page, 'the simulation drawer');
  });
});
