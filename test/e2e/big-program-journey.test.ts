import type { Browser, Page } from 'playwright-core';
import { bigDemoNames, seedBigDemoOnce, type BigDemo } from '../../infra/local/seed-big-demo';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { snapshot, startE2e, type E2eContext } from '../support/e2e';
import { LoginPage, newContext } from './pages/livrea-browser';
import { PlanningDetailScreen } from './pages/planning-detail-screen';

/**
 * Part 2 §5 (client files of up to 10,000 lots), §2.1 (the lot list), §2.6 (a free planning's
 * detail page): a program the size of the real ones, seeded by `npm run demo:big`'s code into this
 * file's table (10,000 lots, a free planning of 600 buyers of whom 60 booked here: the booking
 * count only changes the seed's time), opened by its promoter at 1280 and 390 px. Each page shows
 * its first page of rows and the whole count, and passes the axe check.
 */
jest.setTimeout(120_000);

/** « 10000 », « 10 000 » or « 10 000 » (the French thousands separator is a narrow space). */
const tenThousand = /10[\s\u00a0\u202f]?000/;
const size = { lots: 10_000, freeParticipants: 600, booked: 60, imposedLots: 0 };

const journey = 'big program journey: 10,000 lots and a 600-buyer planning (part 2 §5, §2.1, §2.6)';

describe(journey, () => {
  let e2e: E2eContext;
  let demo: BigDemo;
  let token = '';

  beforeAll(async () => {
    e2e = await startE2e();
    // The product has set this process's environment to its table: the seed writes there.
    const { getDeps } = await import('../../functions/runtime/deps');
    ({ demo } = await seedBigDemoOnce(getDeps(), size));
  }, 600_000);

  /** The page of the step running, shot as it is left (pass or fail) and closed after it. */
  let current: Page | undefined;

  afterEach(async () => {
    const name = (expect.getState().currentTestName ?? 'step')
      .slice(journey.length)
      .replace(/[^a-z0-9]+/gi, '-')
      .slice(0, 60);
    if (current) await snapshot(current, `big-program-${name}`).catch(() => undefined);
    await current?.context().close();
    current = undefined;
  });

  afterAll(async () => {
    await e2e?.stop();
  });

  /** A promoter's signed-in page of that width (the login page at 1280, then the viewport resized). */
  async function promoterPage(browser: Browser, width: number): Promise<Page> {
    const context = await newContext(browser);
    const page = await context.newPage();
    await new LoginPage(page, e2e.baseUrl).signInTo('promoteur@demo.livrea.fr', '/projets');
    token ||= (await page.evaluate(() => window.localStorage.getItem('authToken'))) ?? '';
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    current = page;
    return page;
  }

  for (const width of [1280, 390]) {
    it(`part 2 §2.1 at ${width} px: the lot list shows its first page of lots and the total, 10 000`, async () => {
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

    it(`part 2 §2.6 at ${width} px: the 600-buyer planning shows its participants' first page, Participants (600) and the booked count`, async () => {
      const page = await promoterPage(e2e.browser, width);
      await page.goto(`${e2e.baseUrl}/projets/${demo.programId}/plannings-libres/${demo.freePlanningId}`);
      await page.getByRole('heading', { level: 1, name: bigDemoNames.free }).waitFor({ timeout: 60_000 });
      await page.getByRole('heading', { name: /^Participants\s*\(600\)/ }).waitFor({ timeout: 60_000 });
      // The summary counts every participant and the bookings (part 2 §2.6).
      await page.getByText(`${size.booked} / 600 (${size.booked} réservés)`).waitFor();
      const rows = new PlanningDetailScreen(page, e2e.baseUrl).participants().locator('tbody tr');
      await rows.first().waitFor();
      const shown = await rows.count();
      expect(shown).toBeGreaterThan(0);
      // A page of them, not more than the planning holds.
      expect(shown).toBeLessThanOrEqual(600);
      await page.getByRole('button', { name: 'Décaler' }).first().waitFor({ state: 'attached' });
      await expectNoSeriousAxeViolations(page, `600-buyer planning at ${width} px`);
    });
  }

  it('part 2 §5: the program answers its 10,000 lots to its promoter (GET /api/programs/{id} lists them or counts them)', async () => {
    const response = await fetch(`${e2e.baseUrl}/api/programs/${demo.programId}`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { clients?: unknown[]; lotCount?: number; totalCount?: number };
    expect(Math.max(body.clients?.length ?? 0, body.lotCount ?? 0, body.totalCount ?? 0)).toBe(10_000);
  });
});
