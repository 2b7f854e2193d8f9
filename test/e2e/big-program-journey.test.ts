import type { Browser, Page } from 'playwright-core';
import { bigDemoNames, seedBigFreePlanning, seedBigProgram } from '../../infra/local/seed-big-demo';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { snapshot, startE2e, type E2eContext } from '../support/e2e';
import { growPlanning } from '../support/grow-planning';
import { stepsAfterPassed } from '../support/steps-after-passed';
import { LoginPage, newContext } from './pages/livrea-browser';
import { PlanningDetailScreen } from './pages/planning-detail-screen';

/**
 * Part 2 §5 (client files of up to 10,000 lots), §2.1 (the lot list), §2.6 (a free planning's
 * detail page): a program the size of the real ones, opened by its promoter at 1280 and 390 px.
 * The 10,000 lots are written through the data layer as `npm run demo:big` writes them; the free
 * planning is created by its use case for its first 100 buyers (a creation within the request),
 * then grown to 600 buyers, 60 of them booked, by writing its meetings into its partition (the
 * data layer's own items): the page reads the partition as it is, and creating and booking 600
 * through the use cases took minutes of this file's time on a loaded machine. Each page shows its
 * first page of rows and the whole count, and passes the axe check.
 */
jest.setTimeout(120_000);

/** « 10000 », « 10 000 » or « 10 000 » (the French thousands separator is a narrow space). */
const tenThousand = /10[\s\u00a0\u202f]?000/;
const size = { lots: 10_000, createdParticipants: 100, freeParticipants: 600, booked: 60 };
/** The planning page's table shows 50 participants a page (docs/architecture.md « Live staff screens »). */
const participantsPageSize = 50;

const journey = 'big program journey: 10,000 lots and a 600-buyer planning (part 2 §5, §2.1, §2.6)';

describe(journey, () => {
  let e2e: E2eContext;
  const demo = { programId: '', freePlanningId: '' };
  /** The demo AMOs' names, the planning's team (« Équipe »). */
  const team: string[] = [];
  let token = '';

  beforeAll(async () => {
    e2e = await startE2e();
    // The product has set this process's environment to its table: the seed writes there.
    const { getDeps } = await import('../../functions/runtime/deps');
    const { getUserByEmail } = await import('../../functions/data/users-repository');
    const deps = getDeps();
    const promoter = await getUserByEmail(deps.store, 'promoteur@demo.livrea.fr');
    const amos = await Promise.all(['amo1', 'amo2', 'amo3'].map((name) => getUserByEmail(deps.store, `${name}@demo.livrea.fr`)));
    const amoIds = amos.flatMap((amo) => (amo ? [amo._id] : []));
    team.push(...amos.flatMap((amo) => (amo ? [`${amo.firstname} ${amo.lastname}`.trim()] : [])));
    const program = await seedBigProgram(deps, { ownerId: promoter!._id, authorized: [promoter!._id, ...amoIds], lots: size.lots });
    demo.programId = program.programId;
    demo.freePlanningId = await seedBigFreePlanning(deps, {
      programId: program.programId,
      promoterId: promoter!._id,
      amoIds,
      lots: program.lots.slice(0, size.createdParticipants),
      booked: 0,
      name: bigDemoNames.free,
    });
    await growPlanning(deps, demo.freePlanningId, program.lots, size.freeParticipants, size.booked);
  }, 300_000);

  /** The page of the step running, shot as it is left (pass or fail). */
  let current: Page | undefined;
  /** The page the step before left, signed in. */
  let last: Page | undefined;
  /**
   * A step that follows a passed one opens its screen in the page that step left: the sign-in and
   * the SPA's cold load are paid once, not at every step.
   */
  const { step, afterPassed } = stepsAfterPassed();

  afterEach(async () => {
    const name = (expect.getState().currentTestName ?? 'step')
      .slice(journey.length)
      .replace(/[^a-z0-9]+/gi, '-')
      .slice(0, 60);
    if (current) await snapshot(current, `big-program-${name}`).catch(() => undefined);
    last = current ?? last;
    current = undefined;
  });

  afterAll(async () => {
    await last?.context().close();
    await e2e?.stop();
  });

  /** A promoter's signed-in page of that width (the login page at 1280, then the viewport resized), or the one a passed step left. */
  async function promoterPage(browser: Browser, width: number): Promise<Page> {
    let page = afterPassed() ? last : undefined;
    if (!page) {
      await last?.context().close();
      const context = await newContext(browser);
      page = await context.newPage();
      await new LoginPage(page, e2e.baseUrl).signInTo('promoteur@demo.livrea.fr', '/projets');
      token ||= (await page.evaluate(() => window.localStorage.getItem('authToken'))) ?? '';
    }
    last = undefined;
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    current = page;
    return page;
  }

  for (const width of [1280, 390]) {
    step(`part 2 §2.1 at ${width} px: the lot list shows its first page of lots and the total, 10 000`, async () => {
      const page = await promoterPage(e2e.browser, width);
      await page.goto(`${e2e.baseUrl}/projets/${demo.programId}/clients`);
      const title = page.getByRole('heading', { level: 1, name: /Liste des Lots/ });
      await title.waitFor({ timeout: 60_000 });
      expect(await title.innerText()).toMatch(tenThousand);
      const rows = page.locator('table tbody tr');
      await rows.first().waitFor();
      // A first page, not every lot: the table pages them.
      const shown = await rows.count();
      expect(shown).toBeGreaterThan(0);
      expect(shown).toBeLessThanOrEqual(200);
      // The first lot of the seed (building A, floor 0) is on it.
      await page.getByText('A000-00001').first().waitFor();
      await expectNoSeriousAxeViolations(page, `lot list of 10,000 lots at ${width} px`);
    });

    step(`part 2 §2.6 at ${width} px: the 600-buyer planning shows its participants' first page, Participants (600) and the booked count`, async () => {
      const page = await promoterPage(e2e.browser, width);
      await page.goto(`${e2e.baseUrl}/projets/${demo.programId}/plannings-libres/${demo.freePlanningId}`);
      await page.getByRole('heading', { level: 1, name: bigDemoNames.free }).waitFor({ timeout: 60_000 });
      await page.getByRole('heading', { name: /^Participants\s*\(600\)/ }).waitFor({ timeout: 60_000 });
      // The summary counts every participant and the bookings (part 2 §2.6).
      await page.getByText(`${size.booked} / 600 (${size.booked} réservés)`).waitFor();
      const rows = new PlanningDetailScreen(page, e2e.baseUrl).participants().locator('tbody tr');
      await rows.first().waitFor();
      const shown = await rows.count();
      // Its first page: 50 rows of the 600, the others read page by page from the server.
      expect(shown).toBe(participantsPageSize);
      await page.getByRole('button', { name: 'Décaler' }).first().waitFor({ state: 'attached' });
      // « Équipe » names the planning's AMOs (it showed « ? » on the big demo): the names come with the summary.
      expect(team).toHaveLength(3);
      for (const name of team) await page.getByText(name, { exact: true }).first().waitFor();
      await expectNoSeriousAxeViolations(page, `600-buyer planning at ${width} px`);
    });
  }

  it('part 2 §5: the program answers its count of 10,000 lots to its promoter, not the lots (GET /api/programs/{id}; the lots are paged)', async () => {
    const response = await fetch(`${e2e.baseUrl}/api/programs/${demo.programId}`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { clients?: unknown[]; lotCount?: number };
    expect(body.lotCount).toBe(10_000);
    expect(body.clients).toBeUndefined();
  });
});
