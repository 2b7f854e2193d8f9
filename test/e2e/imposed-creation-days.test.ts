import { mkdirSync } from 'node:fs';
import createWrapper from '@cloudscape-design/components/test-utils/selectors';
import type { BrowserContext, Page } from 'playwright-core';
import { imposedMessages } from '../../shared/messages/imposed';
import { formatParisDateTime } from '../../shared/i18n/paris-dates';
import { toFrenchDateInput } from '../../shared/i18n/french-dates';
import { frenchHolidays } from '../../shared/scheduling/french-holidays';
import { addDays, epochToParisWall, parisWallToEpoch, parseHm } from '../../shared/scheduling/time-grid';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { snapshot, startE2e, type E2eContext } from '../support/e2e';
import { demoPassword, LoginPage, newContext, StaffShell } from './pages/livrea-browser';
import { selectFirstLots } from './pages/free-planning-screen';
import { dragFirstLotTo, nextWeekMonday } from './pages/imposed-creation-screen';
import { readUntil } from '../support/eventually';

/**
 * The imposed creation as staff hit it (part 2 §2.5, §9): 10 lots ticked, 7 dragged onto the
 * Friday before Easter Monday and the Tuesday after it (26 and 30/03/2027 in the reported case),
 * reached with the month and date pickers rather than a click a week; Easter Monday shaded as a
 * bank holiday; 'Placer automatiquement' puts the 3 others on those two days only (it put them on a
 * Monday three days ahead), and before any drop it says why it places nothing. The deadline to
 * confirm follows the visits and a deadline after the first visit is refused on the form.
 * Screens in /tmp/shots/25/.
 */
jest.setTimeout(180_000);

const SHOTS = '/tmp/shots/25';
let e2e: E2eContext;
let promoter: { context: BrowserContext; page: Page };
let promoterToken = '';
let programId = '';
const wrapper = createWrapper();

/** The first Easter Monday at least 45 days ahead, with the Friday before it and the Tuesday after it. */
function easterWeekend(): { friday: string; easterMonday: string; tuesday: string } {
  const today = epochToParisWall(Date.now()).date;
  const year = Number(today.slice(0, 4));
  const easterMonday = [year, year + 1, year + 2]
    .map((y) => frenchHolidays(y).find((holiday) => holiday.name === 'Lundi de Pâques')!.date)
    .find((date) => date > addDays(today, 45))!;
  return { friday: addDays(easterMonday, -3), easterMonday, tuesday: addDays(easterMonday, 1) };
}

async function api<T>(token: string, path: string): Promise<T> {
  const response = await fetch(`${e2e.baseUrl}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  return (await response.json()) as T;
}

async function shoot(page: Page, name: string, target?: string): Promise<void> {
  const size = page.viewportSize() ?? { width: 1280, height: 900 };
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 1500 });
    await expectNoSeriousAxeViolations(page, `${name} (${width} px)`);
    if (target) await page.getByTestId(target).screenshot({ path: `${SHOTS}/${name}-${width}.jpg`, timeout: 30_000 });
    else await page.screenshot({ path: `${SHOTS}/${name}-${width}.jpg`, fullPage: true, timeout: 30_000 });
  }
  await page.setViewportSize(size);
}

/** The lots shown on the calendar's current week, by column date. */
async function shownVisits(page: Page): Promise<{ date: string; lotcomm: string }[]> {
  return page.locator('td.fc-timegrid-col[data-date] .fc-timegrid-event').evaluateAll((events) =>
    events.map((event) => ({
      date: (event.closest('td.fc-timegrid-col') as HTMLElement).dataset.date ?? '',
      lotcomm: (event.querySelector('.fc-event-title')?.textContent ?? '').trim().split(' ')[0],
    })),
  );
}

/** Reads `read` until it gives `expected` (10 s at most), then asserts it. */
async function expectValue(read: () => Promise<string>, expected: string): Promise<void> {
  expect(await readUntil(read, (value) => value === expected, 10_000)).toBe(expected);
}

async function goToDay(page: Page, day: string): Promise<void> {
  await page.getByLabel('Aller à la date (JJ/MM/AAAA)').fill(toFrenchDateInput(day));
  await page.locator(`td.fc-timegrid-col[data-date="${day}"]`).waitFor();
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  e2e = await startE2e();
  const context = await newContext(e2e.browser);
  const page = await context.newPage();
  // The machine is shared by several test runs: screens can take more than the default 10 s.
  page.setDefaultTimeout(30_000);
  const login = new LoginPage(page, e2e.baseUrl);
  await login.open();
  await login.signIn('promoteur@demo.livrea.fr', demoPassword);
  // A sign-in can take long on the shared, loaded machine (the password hash, cold workers).
  await page.waitForURL((url) => url.pathname === '/projets', { timeout: 90_000 });
  promoter = { context, page };
  const signedIn = await fetch(`${e2e.baseUrl}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'promoteur@demo.livrea.fr', password: demoPassword }),
  });
  promoterToken = ((await signedIn.json()) as { token: string }).token;
  const programs = await api<{ _id: string; name: string }[]>(promoterToken, '/users/me/programs');
  programId = programs.find((program) => program.name === 'Les Jardins du Parc')!._id;
}, 120_000);

afterAll(async () => {
  await e2e?.stop();
});

afterEach(async () => {
  const name =
    expect
      .getState()
      .currentTestName?.replace(/[^a-z0-9]+/gi, '-')
      .slice(0, 60) ?? 'step';
  if (promoter) await snapshot(promoter.page, `imposed-days-${name}`).catch(() => undefined);
});

it("part 2 §2.5: 'Placer automatiquement' keeps to the days lots were dropped on (Friday before and Tuesday after Easter Monday), says why it places nothing before any drop; the month and date pickers reach them; Easter Monday is shaded", async () => {
  const { page } = promoter;
  const { friday, easterMonday, tuesday } = easterWeekend();
  await page.setViewportSize({ width: 1280, height: 1500 });
  await page.goto(`${e2e.baseUrl}/projets/${programId}/plannings/nouveau-impose`);
  // The program, its lots and the page's chunk load first.
  await page.getByRole('heading', { name: "Création d'un nouveau planning imposé" }).waitFor({ timeout: 60_000 });
  await selectFirstLots(page, 10);
  await page.getByText('Lots à placer (10/10)').waitFor();
  const placement = page.getByTestId('imposed-placement');
  await placement.getByRole('button', { name: /^AMO par jour/ }).click();
  await page.getByRole('option', { name: '2', exact: true }).click();

  // Nothing dropped, no day chosen: nothing is placed, and the alert says why, naming the lots.
  await placement.getByRole('button', { name: 'Placer automatiquement' }).click();
  const report = placement.getByText('10 lots non placés par « Placer automatiquement »');
  await report.waitFor();
  await placement.getByText(imposedMessages.autoPlacement.noDays, { exact: false }).waitFor();
  await page.getByText('Lots à placer (10/10)').waitFor();
  await expectNoSeriousAxeViolations(page, 'placement automatique sans jour');
  await shoot(page, 'auto-placement-no-days', 'imposed-placement');

  // §8 of the issue: the month picker, then the date field, reach the Friday's week at once.
  const month = friday.slice(0, 7);
  const monthLabel = new Intl.DateTimeFormat('fr-FR', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));
  await placement.getByRole('button', { name: /^Aller au mois/ }).click();
  await page.getByRole('option', { name: monthLabel, exact: true }).click();
  await page.locator(`td.fc-timegrid-col[data-date="${month}-01"], td.fc-timegrid-col[data-date^="${month}"]`).first().waitFor();
  await goToDay(page, friday);

  const dropped: string[] = [];
  for (const time of ['08:30', '10:30', '14:00', '15:30']) dropped.push(await dragFirstLotTo(page, friday, time));
  await page.locator('.fc-next-button').click();
  await page.locator(`td.fc-timegrid-col[data-date="${tuesday}"]`).waitFor();
  for (const time of ['09:00', '11:00', '14:00']) dropped.push(await dragFirstLotTo(page, tuesday, time));
  await page.getByText('Lots à placer (3/10)').waitFor();

  // Easter Monday is shaded and named, as on the planning calendars.
  const holiday = page.locator(`td.fc-timegrid-col[data-date="${easterMonday}"] .fc-bg-event.livrea-labelled-bg`, { hasText: 'Lundi de Pâques' });
  await holiday.first().waitFor();
  expect(await holiday.first().evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(251, 239, 237)');
  await expectNoSeriousAxeViolations(page, 'calendrier imposé : Pâques');
  await shoot(page, 'imposed-calendar-easter', 'imposed-placement');

  await placement.getByRole('button', { name: 'Placer automatiquement' }).click();
  await page.getByText('Terminé', { exact: true }).waitFor();
  expect(await placement.getByText(/non placés? par « Placer automatiquement »/).count()).toBe(0);
  // Every visit is on the Friday or the Tuesday: the two weeks shown hold all 10.
  await goToDay(page, friday);
  const fridayWeek = await shownVisits(page);
  await page.locator('.fc-next-button').click();
  await page.locator(`td.fc-timegrid-col[data-date="${tuesday}"]`).waitFor();
  const tuesdayWeek = await shownVisits(page);
  const all = [...fridayWeek, ...tuesdayWeek];
  expect(all).toHaveLength(10);
  expect(new Set(all.map((visit) => visit.date))).toEqual(new Set([friday, tuesday]));
  await expectNoSeriousAxeViolations(page, 'placement automatique sur les jours du planning');
  await shoot(page, 'auto-placement-own-days', 'imposed-placement');
});

it('part 2 §9: the deadline to confirm follows the visits (the eve of a visit sooner than 14 days, at 20:00); one after the first visit is shown as an error and the planning is not created', async () => {
  const { page } = promoter;
  const shell = new StaffShell(page);
  const { tuesday } = easterWeekend();
  const name = `Convocations Pâques ${Date.now().toString(36)}`;
  const settings = page.getByRole('button', { name: '8. Planning : nom, dates et adresse' });
  if ((await settings.getAttribute('aria-expanded')) !== 'true') await settings.click();
  const deadlineDate = page.getByLabel('Date limite (JJ/MM/AAAA)');
  // Visits in the spring: the §9 default, 14 days from today at 20:00.
  await expectValue(() => deadlineDate.inputValue(), toFrenchDateInput(epochToParisWall(Date.now() + 14 * 86_400_000).date));

  // One visit moved to next week: the deadline becomes the eve of it, at 20:00.
  const moved = (await shownVisits(page)).find((visit) => visit.date === tuesday)!.lotcomm;
  await page
    .locator('.fc-timegrid-event', { hasText: `${moved} ` })
    .first()
    .dblclick();
  await page.getByText('Lots à placer (1/10)').waitFor();
  const monday = nextWeekMonday();
  await goToDay(page, monday);
  await dragFirstLotTo(page, monday, '09:00');
  await expectValue(() => deadlineDate.inputValue(), toFrenchDateInput(addDays(monday, -1)));
  const deadlineTime = page
    .locator(wrapper.findFormField().toSelector())
    .filter({ has: page.locator('label', { hasText: /^Date limite de confirmation/ }) })
    .locator('button[aria-haspopup]')
    .first();
  expect(await deadlineTime.innerText()).toContain('20:00');

  // A deadline typed after the first visit: the field says why, and creating is refused.
  await deadlineDate.fill(toFrenchDateInput(addDays(monday, 1)));
  const reason = imposedMessages.deadlineAfterFirstVisit(formatParisDateTime(parisWallToEpoch(monday, parseHm('09:00'))));
  await page.getByText(reason).first().waitFor();
  await page.getByPlaceholder('Visites cloisons bâtiment A').fill(name);
  await expectNoSeriousAxeViolations(page, 'date limite après la première visite');
  await shoot(page, 'deadline-after-first-visit');
  await page.getByRole('button', { name: 'Créer le planning imposé' }).click();
  await shell.waitForNotification('Veuillez revoir le formulaire.');
  await page.getByRole('heading', { name: "Création d'un nouveau planning imposé" }).waitFor();
  const { plannings } = await api<{ plannings: { name: string }[] }>(promoterToken, `/rdv/project/${programId}/plannings`);
  expect(plannings.some((planning) => planning.name === name)).toBe(false);
});
