import type { BrowserContext, Page } from 'playwright-core';
import { imposedMeetingStatus } from '../../shared/rules/meeting-status';
import { expectNoSeriousAxeViolations, expectNoSeriousAxeViolationsAtBothWidths } from '../support/axe';
import { startE2e, type E2eContext } from '../support/e2e';
import { apiCall, demoPassword, LoginPage, newContext, waitForPath } from './pages/livrea-browser';
import { PlanningDetailScreen } from './pages/planning-detail-screen';

/**
 * What staff still met on a few screens (part 3 §2): an earlier error flash standing beside the
 * next action's success on the imposed detail page, an avatar or logo requested when there is
 * none (404 in the console), a chart drawn with a negative width at 390 px, an administrator sent
 * to /login from /promoter/templates/nouveau, and a click on a users row doing nothing. The
 * console is listened to on every page; axe at 1280 and 390 px.
 */
jest.setTimeout(180_000);

interface Signed {
  context: BrowserContext;
  page: Page;
  token: string;
  /** Console errors and page errors, with the path they happened on. */
  errors: string[];
}

describe('staff screens: details users met (part 3 §2)', () => {
  let e2e: E2eContext;
  let admin: Signed;
  let promoter: Signed;

  async function signedIn(email: string, home: string): Promise<Signed> {
    const context = await newContext(e2e.browser);
    context.setDefaultTimeout(30_000);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`${new URL(page.url()).pathname}: ${message.text()}`);
    });
    page.on('pageerror', (error) => errors.push(`${new URL(page.url()).pathname}: ${error.message}`));
    await new LoginPage(page, e2e.baseUrl).signInTo(email, home);
    const token = (await apiCall<{ token: string }>(e2e.baseUrl, '', '/users/login', 'POST', { email, password: demoPassword })).token;
    return { context, page, token, errors };
  }

  beforeAll(async () => {
    e2e = await startE2e();
    // A first call wakes the worker pool (scrypt, modules), which a loaded machine takes long over.
    await apiCall(e2e.baseUrl, '', '/users/login', 'POST', { email: 'admin@demo.livrea.fr', password: demoPassword });
    admin = await signedIn('admin@demo.livrea.fr', '/admin/programmes');
    promoter = await signedIn('promoteur@demo.livrea.fr', '/projets');
  }, 420_000);

  afterAll(async () => {
    await e2e?.stop();
  });

  it('/profile and the settings of a program without a logo request no picture: no 404 in the console', async () => {
    const { page, errors } = promoter;
    const programs = await apiCall<{ _id: string; hasAvatar: boolean }[]>(e2e.baseUrl, promoter.token, '/users/me/programs');
    const withoutLogo = programs.find((program) => !program.hasAvatar);
    expect(withoutLogo).toBeDefined();
    const requested: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/(users\/[^/]+|programs\/[^/]+)\/avatar$/.test(new URL(request.url()).pathname) && request.method() === 'GET') requested.push(request.url());
    });
    await page.goto(`${e2e.baseUrl}/profile`);
    await page.getByRole('heading', { name: 'Photo ou logo' }).waitFor();
    await page.getByRole('img', { name: /^Initiales / }).waitFor();
    await expectNoSeriousAxeViolationsAtBothWidths(page, '/profile');
    await page.goto(`${e2e.baseUrl}/projets/${withoutLogo!._id}/parametres`);
    await page.getByRole('img', { name: /^Pas de logo pour / }).waitFor();
    await expectNoSeriousAxeViolationsAtBothWidths(page, '/projets/{id}/parametres');
    expect(requested).toEqual([]);
    expect(errors.filter((error) => /404|Not Found/.test(error))).toEqual([]);
  });

  it('/admin/logs/visites at 390 px draws its chart without a negative width', async () => {
    const { page, errors } = admin;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${e2e.baseUrl}/admin/logs/visites`);
    await page.getByRole('heading', { name: 'Logs des visites' }).waitFor();
    await page.locator('[class*="awsui_series__rect"]').first().waitFor({ state: 'attached' });
    await expectNoSeriousAxeViolations(page, '/admin/logs/visites 390');
    await page.setViewportSize({ width: 1280, height: 900 });
    await expectNoSeriousAxeViolations(page, '/admin/logs/visites 1280');
    expect(errors.filter((error) => /negative value|<rect>/.test(error))).toEqual([]);
  });

  it('an administrator opening /promoter/templates/nouveau gets the template wizard (under /amo/templates), not /login', async () => {
    const { page } = admin;
    await page.goto(`${e2e.baseUrl}/promoter/templates/nouveau`);
    await waitForPath(page, '/amo/templates/nouveau');
    await page.getByRole('heading', { name: 'Nouveau modèle de messages' }).waitFor();
    await expectNoSeriousAxeViolationsAtBothWidths(page, '/amo/templates/nouveau (administrator)');
  });

  it('a single click on a users row, outside the name, opens the account', async () => {
    const { page } = admin;
    await page.goto(`${e2e.baseUrl}/admin/users`);
    const row = page.locator('tbody tr').filter({ hasText: 'promoteur@demo.livrea.fr' });
    await row.waitFor();
    await expectNoSeriousAxeViolationsAtBothWidths(page, '/admin/users');
    await row.getByText('promoteur@demo.livrea.fr').click();
    await waitForPath(page, /^\/admin\/users\/[a-f0-9]{24}$/);
  });

  it('on the imposed detail page, a refused relance’s error goes once the next relance is sent', async () => {
    const { page } = promoter;
    const programs = await apiCall<{ _id: string }[]>(e2e.baseUrl, promoter.token, '/users/me/programs');
    const programId = programs[0]!._id;
    const { plannings } = await apiCall<{ plannings: { _id: string; templateType: string; name: string }[] }>(
      e2e.baseUrl,
      promoter.token,
      `/rdv/project/${programId}/plannings`,
    );
    const imposed = plannings.find((planning) => planning.templateType === 'promoterImpose')!;
    const { meetings } = await apiCall<{
      meetings: { isActive: boolean; isConfirmed: boolean; isAvailable: boolean; guest: { lotcomm: string } }[];
    }>(e2e.baseUrl, promoter.token, `/rdv/${imposed._id}`);
    const answered = meetings.find((meeting) => imposedMeetingStatus(meeting) === 'présent')!;
    const waiting = meetings.find((meeting) => imposedMeetingStatus(meeting) === 'en attente')!;
    const screen = new PlanningDetailScreen(page, e2e.baseUrl);
    await page.goto(`${e2e.baseUrl}/projets/${programId}/plannings-imposes/${imposed._id}`);
    await page.getByRole('heading', { name: imposed.name, level: 1 }).waitFor();

    await screen.select([answered.guest.lotcomm, waiting.guest.lotcomm]);
    await screen.selectionAction('Relance');
    const flashbar = screen.flashbar();
    await flashbar.getByText(/Relance impossible pour cette sélection/).waitFor();
    await expectNoSeriousAxeViolationsAtBothWidths(page, 'imposed detail with a refusal');
    await screen.unselect([answered.guest.lotcomm]);
    await screen.selectionDialog('Relance');
    await screen.modal().getByRole('button', { name: 'Relancer', exact: true }).click();
    await flashbar.getByText('Envoi de 1 relance en cours.').waitFor();
    expect(await flashbar.getByText(/Relance impossible/).count()).toBe(0);
    await expectNoSeriousAxeViolationsAtBothWidths(page, 'imposed detail after the relance');
  });
});
