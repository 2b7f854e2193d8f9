import { mkdirSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { parisDay } from '../../shared/logs/periods';
import { isFrenchHoliday } from '../../shared/scheduling/french-holidays';
import { addDays } from '../../shared/scheduling/time-grid';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { snapshot, startE2e, type E2eContext } from '../support/e2e';
import { apiCall, demoPassword, LoginPage, newContext } from './pages/livrea-browser';
import { PlanningDetailScreen } from './pages/planning-detail-screen';
import { readUntil } from '../support/eventually';

/**
 * Attendance on the day (docs/user-guide.md « Présences »), as an AMO does it on a phone: 'Ma journée' at
 * 390 px lists the demo's booked visits of a day; without network the taps are kept on the phone
 * (nothing reaches the server), and they leave by themselves when the network comes back. Axe on
 * the page at 1280 and 390 px. Screens in /tmp/shots/attendance/.
 */
jest.setTimeout(240_000);

const SHOTS = '/tmp/shots/attendance';
let e2e: E2eContext;
let amo: { context: BrowserContext; page: Page; token: string };
let day = '';

interface DayAnswer {
  visits: { uuid: string; lotcomm: string; nom: string; attendance?: string; attendanceNote?: string }[];
}

async function tokenOf(email: string): Promise<string> {
  const response = await fetch(`${e2e.baseUrl}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: demoPassword }),
  });
  return ((await response.json()) as { token: string }).token;
}

// A visit is marked once it has started: the product's clock runs 60 days ahead, past the demo's
// visits (3 and 5 weeks after its seed), which the run seeded on the machine's clock
// (functions/runtime/clock.ts; its workers inherit it).
const clockOffsetMs = 60 * 86_400_000;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  process.env.LIVREA_CLOCK_OFFSET_MS = String(clockOffsetMs);
  e2e = await startE2e();
  const context = await newContext(e2e.browser);
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  const login = new LoginPage(page, e2e.baseUrl);
  await login.open();
  await login.signIn('amo1@demo.livrea.fr', demoPassword);
  await page.waitForURL((url) => url.pathname === '/projets', { timeout: 90_000 });
  const token = await tokenOf('amo1@demo.livrea.fr');
  amo = { context, page, token };
  // The demo's free planning has booked visits three weeks ahead: the day of the first one.
  const programs = await apiCall<{ _id: string; name: string }[]>(e2e.baseUrl, token, '/users/me/programs');
  const programId = programs.find((program) => program.name === 'Les Jardins du Parc')!._id;
  const { plannings } = await apiCall<{ plannings: { _id: string; templateType: string }[] }>(e2e.baseUrl, token, `/rdv/project/${programId}/plannings`);
  const free = plannings.find((planning) => planning.templateType === 'promoter')!;
  const { meetings } = await apiCall<{ meetings: { isBooked: boolean; start: string | null }[] }>(e2e.baseUrl, token, `/rdv/${free._id}`);
  day = parisDay(
    meetings
      .filter((meeting) => meeting.isBooked && meeting.start)
      .map((meeting) => meeting.start!)
      .sort()[0],
  );
}, 180_000);

afterAll(async () => {
  await e2e?.stop();
  delete process.env.LIVREA_CLOCK_OFFSET_MS;
});

afterEach(async () => {
  const name =
    expect
      .getState()
      .currentTestName?.replace(/[^a-z0-9]+/gi, '-')
      .slice(0, 60) ?? 'step';
  if (amo) await snapshot(amo.page, `attendance-${name}`).catch(() => undefined);
});

it("an AMO marks visits at 390 px without network: the marks wait on the phone, then leave by themselves when the network is back; 'Ma journée' passes axe at 1280 and 390 px", async () => {
  const { page, context, token } = amo;
  await page.setViewportSize({ width: 1280, height: 1200 });
  await page.goto(`${e2e.baseUrl}/ma-journee?date=${day}`);
  await page.getByRole('heading', { name: 'Ma journée', level: 1 }).waitFor({ timeout: 60_000 });
  const before = await apiCall<DayAnswer>(e2e.baseUrl, token, `/attendance/day?date=${day}`);
  expect(before.visits.length).toBeGreaterThanOrEqual(2);
  const [first, second] = before.visits;
  await page.getByRole('button', { name: `Présent : ${first.lotcomm} ${first.nom}` }).waitFor();
  await expectNoSeriousAxeViolations(page, 'Ma journée (1280 px)');
  await page.screenshot({ path: `${SHOTS}/ma-journee-1280.jpg`, fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSeriousAxeViolations(page, 'Ma journée (390 px)');
  // The page fits the phone's width: nothing to scroll sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await context.setOffline(true);
  await page.getByText('Hors ligne', { exact: true }).waitFor();
  await page.getByRole('button', { name: `Présent : ${first.lotcomm} ${first.nom}` }).click();
  await page.getByRole('button', { name: `Absent : ${second.lotcomm} ${second.nom}` }).click();
  await page.getByText('2 pointages en attente d’envoi.').waitFor();
  await page.getByText('En attente d’envoi', { exact: true }).first().waitFor();
  await page.screenshot({ path: `${SHOTS}/ma-journee-390-hors-ligne.jpg`, fullPage: true });
  await expectNoSeriousAxeViolations(page, 'Ma journée hors ligne (390 px)');
  // Nothing reached the server; the marks are kept on the phone (they survive a reload).
  const meanwhile = await apiCall<DayAnswer>(e2e.baseUrl, token, `/attendance/day?date=${day}`);
  expect(meanwhile.visits.find((visit) => visit.uuid === first.uuid)?.attendance).toBeUndefined();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('attendanceQueue') ?? '[]').length)).toBe(2);

  await context.setOffline(false);
  const after = await readUntil(
    () => apiCall<DayAnswer>(e2e.baseUrl, token, `/attendance/day?date=${day}`),
    (answer) => answer.visits.find((visit) => visit.uuid === second.uuid)?.attendance === 'absent',
  );
  expect(after.visits.find((visit) => visit.uuid === first.uuid)?.attendance).toBe('present');
  expect(after.visits.find((visit) => visit.uuid === second.uuid)?.attendance).toBe('absent');
  // The server may apply the second mark before the phone has its answer: the queue empties once it has.
  await page.waitForFunction(() => localStorage.getItem('attendanceQueue') === null);
  await page.getByText(/pointages? en attente d’envoi\./).waitFor({ state: 'detached' });

  // Online, a note goes with a tap at once.
  await page.getByRole('button', { name: 'Ajouter une note' }).first().click();
  await page.getByRole('textbox', { name: 'Note (facultative)' }).fill('Venu avec son architecte');
  await page.getByRole('button', { name: 'Enregistrer la note' }).click();
  const noted = await readUntil(
    () => apiCall<DayAnswer>(e2e.baseUrl, token, `/attendance/day?date=${day}`),
    (answer) => answer.visits.find((visit) => visit.uuid === first.uuid)?.attendanceNote === 'Venu avec son architecte',
  );
  expect(noted.visits.find((visit) => visit.uuid === first.uuid)).toMatchObject({ attendance: 'present', attendanceNote: 'Venu avec son architecte' });
  await page.screenshot({ path: `${SHOTS}/ma-journee-390-en-ligne.jpg`, fullPage: true });
});

it("the promoter corrects the day afterwards and invites the no-show again from 'Ma journée'", async () => {
  const context = await newContext(e2e.browser);
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  try {
    const login = new LoginPage(page, e2e.baseUrl);
    await login.open();
    await login.signIn('promoteur@demo.livrea.fr', demoPassword);
    await page.waitForURL((url) => url.pathname === '/projets', { timeout: 90_000 });
    const token = await tokenOf('promoteur@demo.livrea.fr');
    await page.goto(`${e2e.baseUrl}/ma-journee?date=${day}`);
    const { visits } = await apiCall<DayAnswer>(e2e.baseUrl, token, `/attendance/day?date=${day}`);
    const absent = visits.find((visit) => visit.attendance === 'absent')!;
    await page.getByRole('button', { name: `Reporté sur place : ${absent.lotcomm} ${absent.nom}` }).click();
    await readUntil(
      () => apiCall<DayAnswer>(e2e.baseUrl, token, `/attendance/day?date=${day}`),
      (answer) => answer.visits.find((visit) => visit.uuid === absent.uuid)?.attendance === 'rescheduled',
    );
    await page.getByRole('button', { name: `Absent : ${absent.lotcomm} ${absent.nom}` }).click();
    await page.getByRole('button', { name: 'Réinviter' }).click();
    await page.getByText("L'acquéreur est réinvité : son invitation part dans l'instant.").waitFor();
    const after = await apiCall<DayAnswer>(e2e.baseUrl, token, `/attendance/day?date=${day}`);
    expect(after.visits.map((visit) => visit.uuid)).not.toContain(absent.uuid);
    await expectNoSeriousAxeViolations(page, 'Ma journée du promoteur (1280 px)');
  } finally {
    await context.close();
  }
});

it("the promoter convenes an imposed planning's no-show again from 'Ma journée': a new date and time, the notice warning confirmed, a new convocation to confirm", async () => {
  const context = await newContext(e2e.browser);
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  try {
    const login = new LoginPage(page, e2e.baseUrl);
    await login.open();
    await login.signIn('promoteur@demo.livrea.fr', demoPassword);
    await page.waitForURL((url) => url.pathname === '/projets', { timeout: 90_000 });
    const token = await tokenOf('promoteur@demo.livrea.fr');
    const programs = await apiCall<{ _id: string; name: string }[]>(e2e.baseUrl, token, '/users/me/programs');
    const programId = programs.find((program) => program.name === 'Les Jardins du Parc')!._id;
    const { plannings } = await apiCall<{ plannings: { _id: string; templateType: string }[] }>(e2e.baseUrl, token, `/rdv/project/${programId}/plannings`);
    const imposed = plannings.find((planning) => planning.templateType === 'promoterImpose')!;
    const convened = await apiCall<{ meetings: { uuid: string; start: string | null }[] }>(e2e.baseUrl, token, `/rdv/${imposed._id}`);
    const imposedDay = parisDay(
      convened.meetings
        .map((meeting) => meeting.start)
        .filter((start): start is string => start !== null)
        .sort()[0],
    );
    const { visits } = await apiCall<DayAnswer>(e2e.baseUrl, token, `/attendance/day?date=${imposedDay}`);
    const absent = visits[0];
    await page.goto(`${e2e.baseUrl}/ma-journee?date=${imposedDay}`);
    await page.getByRole('button', { name: `Absent : ${absent.lotcomm} ${absent.nom}` }).click();
    await readUntil(
      () => apiCall<DayAnswer>(e2e.baseUrl, token, `/attendance/day?date=${imposedDay}`),
      (answer) => answer.visits.find((visit) => visit.uuid === absent.uuid)?.attendance === 'absent',
    );

    await page.getByRole('button', { name: 'Reconvoquer' }).click();
    // A working day a few days ahead: under the livraison's 15 days.
    let newDay = addDays(parisDay(Date.now() + clockOffsetMs), 3);
    while ([0, 6].includes(new Date(`${newDay}T12:00:00Z`).getUTCDay()) || isFrenchHoliday(newDay)) newDay = addDays(newDay, 1);
    const screen = new PlanningDetailScreen(page, e2e.baseUrl);
    await screen.dateTime(page.locator('body'), 'Nouvelle convocation', newDay, '17:00');
    await page.getByRole('button', { name: 'Envoyer la convocation' }).click();
    const notice = page.getByRole('dialog', { name: 'Convocation à moins de 15 jours' });
    await notice.getByText(new RegExp(`^Convocation à moins de 15 jours de la visite pour l'acquéreur : ${absent.lotcomm} `)).waitFor();
    await page.screenshot({ path: `${SHOTS}/reconvoquer-avertissement.jpg` });
    await notice.getByRole('button', { name: 'Confirmer la convocation' }).click();
    await page.getByText("L'acquéreur est reconvoqué : sa nouvelle convocation, à confirmer, part dans l'instant.").waitFor();

    const after = await apiCall<{
      meetings: { uuid: string; start: string; isConfirmed: boolean; shortNotice?: boolean; attendance?: string; guest: { mailmonsieur: string } }[];
    }>(e2e.baseUrl, token, `/rdv/${imposed._id}`);
    const moved = after.meetings.find((meeting) => meeting.uuid === absent.uuid)!;
    expect(new Date(moved.start).toLocaleString('sv-SE', { timeZone: 'Europe/Paris' })).toBe(`${newDay} 17:00:00`);
    expect(moved).toMatchObject({ isConfirmed: false, shortNotice: true });
    expect(moved.attendance).toBeUndefined();
    const { history } = await apiCall<{ history: { action: string }[] }>(e2e.baseUrl, token, `/rdv/${imposed._id}/meetings/${absent.uuid}/history`);
    expect(history.at(-1)?.action).toBe('Reconvoqué après absence');
    // The new convocation leaves by its job to the local outbox, addressed to the buyer.
    const admin = await tokenOf('admin@demo.livrea.fr');
    const sent = await readUntil(
      () => apiCall<{ messages: { to: string[]; subject?: string }[] }>(e2e.baseUrl, admin, '/dev/outbox'),
      (outbox) => outbox.messages.some((message) => message.to.includes(moved.guest.mailmonsieur) && /convocation/i.test(message.subject ?? '')),
    );
    expect(sent.messages.some((message) => message.to.includes(moved.guest.mailmonsieur) && /convocation/i.test(message.subject ?? ''))).toBe(true);
  } finally {
    await context.close();
  }
});
