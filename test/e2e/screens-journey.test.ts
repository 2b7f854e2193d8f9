import type { BrowserContext, Page } from 'playwright-core';
import { messages } from '../../shared/messages/common';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { startE2e, type E2eContext } from '../support/e2e';
import { LoginPage, newContext, StaffShell, waitForPath } from './pages/livrea-browser';
import { navigateInApp } from './pages/in-app-navigation';

/**
 * Part 3 §2: every menu entry leads to a built page for every role. The menu is read from
 * the page itself (so pages added later are crawled too); each page is checked with axe-core
 * (point 10: no serious or critical violation) and photographed at 1280 px and 390 px.
 */
const roles = [
  { role: 'administrator', email: 'admin@demo.livrea.fr', home: '/admin/programmes' },
  { role: 'promoter', email: 'promoteur@demo.livrea.fr', home: '/projets' },
  { role: 'amo', email: 'amo1@demo.livrea.fr', home: '/projets' },
  { role: 'moderator', email: 'moderateur@demo.livrea.fr', home: '/accueil' },
  { role: 'customer', email: 'acquereur1@demo.livrea.fr', home: '/accueil-acquereur' },
];
const shots = process.env.SHOTS_DIR ?? '/tmp/shots/12';

let e2e: E2eContext;
let context: BrowserContext;
let page: Page;
let phoneContext: BrowserContext | undefined;

beforeAll(async () => {
  e2e = await startE2e();
}, 120_000);

afterAll(async () => {
  await e2e?.stop();
});

beforeEach(async () => {
  context = await newContext(e2e.browser);
  page = await context.newPage();
  // A whole menu is crawled on a 2-core machine shared with other runs: navigations get more time.
  context.setDefaultTimeout(30_000);
});

afterEach(async () => {
  await context?.close();
  await phoneContext?.close();
  phoneContext = undefined;
});

/**
 * Settles once no request of `target` has been in flight for 500 ms: Playwright's 'networkidle',
 * which is a load state reached once per document, so already reached after a client-side
 * navigation. Listening starts before the navigation, so that its first requests count.
 */
function networkQuiet(target: Page): () => Promise<void> {
  let inFlight = 0;
  let quietTimer: NodeJS.Timeout | undefined;
  let settle: () => void = () => undefined;
  const quiet = new Promise<void>((resolve) => (settle = resolve));
  const restart = () => {
    clearTimeout(quietTimer);
    if (inFlight === 0) quietTimer = setTimeout(settle, 500);
  };
  const started = () => {
    inFlight += 1;
    clearTimeout(quietTimer);
  };
  const ended = () => {
    inFlight = Math.max(0, inFlight - 1);
    restart();
  };
  target.on('request', started);
  target.on('requestfinished', ended);
  target.on('requestfailed', ended);
  return async () => {
    restart();
    await quiet;
    target.off('request', started);
    target.off('requestfinished', ended);
    target.off('requestfailed', ended);
  };
}

/**
 * Follows a menu link as a click does: the SPA's router moves to `href` in the loaded page (a
 * history entry and its popstate, which the router listens to), without reloading the SPA's
 * scripts for each entry; the lazy page and its data are loaded once the network is quiet.
 */
async function follow(target: Page, href: string): Promise<void> {
  const settled = networkQuiet(target);
  await navigateInApp(target, href);
  await settled();
}

/** Where a visit of `href` went wrong: the not-found page, or a redirection to the login page. */
async function visitProblem(href: string): Promise<string | null> {
  await follow(page, href);
  if (new URL(page.url()).pathname === '/login') return `${href}: sent to /login`;
  if (await page.getByText(messages.notFoundPage).count()) return `${href}: page not found (404)`;
  return null;
}

/**
 * 1280 px from the page; 390 px in a page of its own, so that the phone layout's closed menu stays
 * there: the crawl keeps one (`phone`, which follows the same link), a public page gets a new one.
 */
async function photograph(name: string, phone?: { page: Page; href: string }): Promise<void> {
  await page.screenshot({ path: `${shots}/${name}-1280.jpg`, fullPage: false });
  const narrow = phone?.page ?? (await phonePage(context, page.url()));
  if (phone) await follow(phone.page, phone.href);
  await narrow.screenshot({ path: `${shots}/${name}-390.jpg`, fullPage: false });
  if (!phone) await narrow.close();
}

/** A 390-px page of `owner` opened on `url`. */
async function phonePage(owner: BrowserContext, url: string): Promise<Page> {
  const phone = await owner.newPage();
  await phone.setViewportSize({ width: 390, height: 844 });
  await phone.goto(url);
  await phone.waitForLoadState('networkidle');
  return phone;
}

describe('menu crawl: every entry of every demo role leads to a built, accessible page (part 3 §2)', () => {
  it.each(roles)(
    '$role: each side-navigation link opens a page, not the 404 page nor /login, without serious axe violations',
    async ({ email, home, role }) => {
      await new LoginPage(page, e2e.baseUrl).signInTo(email, home);
      const shell = new StaffShell(page);
      // A program of the list becomes the current program: its own menu section appears.
      const programLink = page.locator('main a[href^="/projets/"]').first();
      if (await programLink.count()) {
        await programLink.click();
        await waitForPath(page, /^\/projets\/[^/]+\/clients$/);
      }
      const toVisit = [...new Set(await shell.menuHrefs())];
      // The phone's page lives in a context of its own with the same session: the menu's open state
      // is kept in local storage, which a page of the same context would share with the 1280-px one.
      phoneContext = await newContext(e2e.browser, await context.storageState());
      const phone = await phonePage(phoneContext, page.url());
      const visited = new Set<string>();
      const problems: string[] = [];
      while (toVisit.length > 0) {
        const href = toVisit.shift()!;
        if (visited.has(href) || href === '/logout') continue;
        visited.add(href);
        const problem = await visitProblem(href);
        if (problem) {
          problems.push(problem);
          continue;
        }
        await expectNoSeriousAxeViolations(page, `${role} ${href}`);
        await photograph(`${role}${href.replace(/\//g, '_')}`, { page: phone, href });
        // Menus may grow on a page (a section opened, a program chosen): those entries are crawled too.
        for (const next of await shell.menuHrefs()) if (!visited.has(next)) toVisit.push(next);
      }
      expect(problems).toEqual([]);
      expect(visited.size).toBeGreaterThan(0);
      // A role's whole menu, each page axe-checked and photographed twice: longer than one journey step
      // (the administrator's twenty-odd pages passed 240 s at load 18).
    },
    480_000,
  );
});

describe("public pages: the buyer's booking page and the planning's read-only calendar (part 1 §2, §8)", () => {
  async function demoLinks() {
    const { getDeps } = await import('../../functions/runtime/deps');
    const { demoBookingLinks } = await import('../../infra/local/demo-links');
    const { getPlanning } = await import('../../functions/data/plannings-repository');
    const deps = getDeps();
    const [link] = await demoBookingLinks(deps, 1);
    const planning = await getPlanning(deps.store, link.planningId);
    return { booking: `/entrevue/${link.uuid}`, viewer: `/pview/${planning!.uuid}` };
  }

  it('the booking page and the read-only calendar have no serious axe violation, at 1280 px and 390 px', async () => {
    const links = await demoLinks();
    await page.goto(`${e2e.baseUrl}${links.booking}`);
    await page.locator('.bk-main h1').first().waitFor();
    await expectNoSeriousAxeViolations(page, 'the booking page');
    await photograph('public_entrevue');
    await page.goto(`${e2e.baseUrl}${links.viewer}`);
    await page.locator('.fc').first().waitFor();
    await expectNoSeriousAxeViolations(page, 'the read-only calendar');
    await photograph('public_pview');
  }, 90_000);

  it("a malformed or unknown booking link shows 'Rendez-vous non trouvé' with Quitter, never a 'Réessayer' that cannot work", async () => {
    for (const id of ['pas-un-identifiant', 'AAAAAAAAAAAAAAAAAAAAAAAA', '%E0%A4%A', 'x'.repeat(300)]) {
      await page.goto(`${e2e.baseUrl}/entrevue/${id}`);
      await page.getByText('Rendez-vous non trouvé').first().waitFor();
      expect(await page.getByRole('button', { name: 'Réessayer' }).count()).toBe(0);
      await page.getByRole('button', { name: 'Quitter' }).waitFor();
    }
    await expectNoSeriousAxeViolations(page, 'the booking not-found page');
    await photograph('public_entrevue-not-found');
  }, 90_000);
});
