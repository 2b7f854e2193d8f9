import type { BrowserContext, Page } from 'playwright-core';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { snapshot, startE2e, type E2eContext } from '../support/e2e';
import { futureMonday, planningBody, workingDays } from '../support/planning-fixtures';
import { FreePlanningScreen, visitRange } from './pages/free-planning-screen';
import { apiCall, demoPassword, LoginPage, newContext } from './pages/livrea-browser';
import { PlanningDetailScreen } from './pages/planning-detail-screen';

/**
 * docs/scheduling.md 'Work budget' and 'Staff checks fail closed', in a real browser: the local
 * product runs with a tiny work rate (`LIVREA_WORK_UNITS_PER_MS`, the local runtime's test hook),
 * so every check that needs a solve runs out of work at once, the same way on every run.
 * - A staff change the engine could not check is never saved silently: the dialog's call is
 *   answered « Le calcul n'a pas pu vérifier… confirmer quand même ? » in a modal over the dialog,
 *   and « Confirmer quand même » sends it again with `confirmStrand` (nothing typed is lost).
 * - The simulation drawer gives a count of choices cut by the budget as a lower bound
 *   (« au moins … »), never « 0 créneaux ».
 */
jest.setTimeout(180_000);

const UNDECIDED = "Le calcul n'a pas pu vérifier que tous les acquéreurs restent plaçables : confirmer quand même ?";
/** 200 work units a request: no solve finishes (best-fit, which counts nothing, still places easy cases), an offer checks a candidate or so. */
const TINY_RATE = '0.1';

describe('an engine out of work, on the staff screens (docs/scheduling.md « Staff checks fail closed »)', () => {
  let e2e: E2eContext;
  let context: BrowserContext;
  let page: Page;
  let token = '';
  let programId = '';
  let lots: { _id: string; lotcomm: string }[] = [];

  beforeAll(async () => {
    // The product's worker processes inherit this environment (the local runtime only).
    process.env.LIVREA_WORK_UNITS_PER_MS = TINY_RATE;
    e2e = await startE2e();
    context = await newContext(e2e.browser);
    page = await context.newPage();
    // The API's sign-in first: it waits for the fresh worker pool as long as it takes (the page's waits 45 s).
    token = (await apiCall<{ token: string }>(e2e.baseUrl, '', '/users/login', 'POST', { email: 'promoteur@demo.livrea.fr', password: demoPassword })).token;
    await new LoginPage(page, e2e.baseUrl).signInTo('promoteur@demo.livrea.fr', '/projets');
    const programs = await apiCall<{ _id: string; name: string }[]>(e2e.baseUrl, token, '/users/me/programs?isActifSelected=true&isArchivedSelected=false');
    programId = programs.find((program) => program.name === 'Les Jardins du Parc')!._id;
    lots = (await apiCall<{ clients: { _id: string; lotcomm: string }[] }>(e2e.baseUrl, token, `/programs/${programId}/clients?limit=500`)).clients.slice(-8);
  }, 300_000);

  afterAll(async () => {
    delete process.env.LIVREA_WORK_UNITS_PER_MS;
    await e2e?.stop();
  });

  afterEach(async () => {
    const name = (expect.getState().currentTestName ?? 'step').replace(/[^a-z0-9]+/gi, '-').slice(0, 80);
    await snapshot(page, `undecided-engine-${name}`).catch(() => undefined);
  });

  it('adding a buyer the engine could not check asks « Confirmer quand même » over the dialog; confirming adds the buyer with what was typed', async () => {
    // One day, one AMO, 08:00–18:00 with lunch 12:00–14:00: two free runs of 4 h. Waiting visits of
    // 1h30, 1h30, 1h, 1h, 1h: best-fit places them (no solve). A 2 h visit more fills the day
    // exactly (2h + 1h + 1h | 1h30 + 1h30 + 1h), which best-fit does not find: only a solve could say.
    const events = workingDays(futureMonday(), 1, { start: 8 * 60, end: 18 * 60 });
    const minutes = [90, 90, 60, 60, 60];
    const chosen = lots.slice(0, minutes.length);
    const created = await apiCall<{ planning?: { _id: string } }>(
      e2e.baseUrl,
      token,
      '/rdv',
      'POST',
      planningBody(
        programId,
        chosen.map((lot) => lot._id),
        {
          name: `Journée pleine ${Date.now().toString(36)}`,
          events,
          lunchStartTime: '12:00',
          lunchEndTime: '14:00',
          broadcastList: chosen.map((lot, index) => ({ lotId: lot._id, length: minutes[index] * 60_000 })),
        },
      ),
    );
    expect(created.planning).toBeDefined();
    const planningId = created.planning!._id;
    const added = lots[minutes.length];

    const detail = new PlanningDetailScreen(page, e2e.baseUrl);
    await detail.open(programId, planningId);
    await page.getByRole('button', { name: 'Ajouter un acquéreur' }).click();
    const dialog = detail.modal();
    await dialog.getByRole('heading', { name: 'Ajouter un acquéreur au planning' }).waitFor();
    await detail.chooseFiltered(detail.selectIn(dialog, 'Invité'), added.lotcomm, new RegExp(`^${added.lotcomm} · `));
    await detail.choose(detail.selectIn(dialog, 'Durée de la visite'), /^2h$/);
    await dialog.getByRole('radio', { name: "Ne pas envoyer d'invitation" }).check();
    const sent: unknown[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH' && request.url().includes('/add-customer')) sent.push(request.postDataJSON());
    });
    await dialog.getByRole('button', { name: 'Ajouter', exact: true }).click();

    // The refusal is asked as a question, over the dialog that stays open.
    const question = page.getByRole('dialog').filter({ hasText: UNDECIDED });
    await question.waitFor();
    await question.getByRole('button', { name: 'Confirmer quand même' }).waitFor();
    await expectNoSeriousAxeViolations(page, 'the confirmation of an undecided staff check');
    const answered = page.waitForResponse((response) => response.request().method() === 'PATCH' && response.url().includes('/add-customer'));
    await question.getByRole('button', { name: 'Confirmer quand même' }).click();
    expect((await answered).status()).toBe(200);
    await detail.notification('Acquéreur ajouté au planning.');

    // The same call twice: the second with confirmStrand, nothing else changed.
    expect(sent).toHaveLength(2);
    expect(sent[0]).toEqual(expect.objectContaining({ user: added._id, duree: 7_200_000, isMailInvitation: false }));
    expect(sent[0]).not.toHaveProperty('confirmStrand');
    expect(sent[1]).toEqual({ ...(sent[0] as object), confirmStrand: true });
    const { meetings } = await apiCall<{ meetings: { guest: { lotcomm: string }; length: number }[] }>(e2e.baseUrl, token, `/rdv/${planningId}`);
    expect(meetings.find((meeting) => meeting.guest.lotcomm === added.lotcomm)?.length).toBe(7_200_000);
  });

  it('the simulation drawer gives a count of choices cut by the budget as « au moins … », never « 0 créneaux »', async () => {
    const screen = new FreePlanningScreen(page, e2e.baseUrl);
    await screen.open(programId);
    const { start, end } = visitRange();
    await screen.chooseDays(start, end);
    // One buyer: best-fit places them (no solve), and the request's 200 units count a few choices, not all.
    await screen.selectFirstLots(1);
    await page.getByRole('button', { name: 'Simulation' }).click();
    const example = page.getByText('Exemple de placement possible');
    await example.waitFor();
    const drawer = page.getByRole('dialog', { name: 'Simulation' });
    const text = await drawer.innerText();
    expect(text).toMatch(/au moins [1-9][\d\s\u202f]* créneaux?/);
    expect(text).not.toMatch(/(^|\D)0 créneaux/);
    await expectNoSeriousAxeViolations(page, 'the simulation drawer with counts cut by the budget');
  });
});
