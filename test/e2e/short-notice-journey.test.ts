import { mkdirSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { formatFrenchDay } from '../../shared/i18n/french-dates';
import { isFrenchHoliday } from '../../shared/scheduling/french-holidays';
import { addDays, epochToParisWall } from '../../shared/scheduling/time-grid';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { snapshot, startE2e, type E2eContext } from '../support/e2e';
import { apiCall, demoPassword, LoginPage, newContext } from './pages/livrea-browser';
import { PlanningDetailScreen } from './pages/planning-detail-screen';
import { readUntil } from '../support/eventually';

/**
 * The convocation notice rule in the browser (docs/user-guide.md « Délai de convocation »): on the demo's
 * imposed livraison planning, a buyer added at an imposed date a few days ahead opens the warning
 * naming them; « Revenir sans convoquer » changes nothing, « Confirmer la convocation » convenes
 * them, marked. Axe on the warning at 1280 and 390 px. Screens in /tmp/shots/short-notice/.
 */
jest.setTimeout(240_000);

const SHOTS = '/tmp/shots/short-notice';
let e2e: E2eContext;
let staff: BrowserContext;
let page: Page;
let token = '';

interface Detail {
  meetings: {
    uuid: string;
    start: string | null;
    shortNotice?: boolean;
    isBooked: boolean;
    isActive: boolean;
    isAvailable: boolean;
    guest: { _id: string; lotcomm: string };
  }[];
}

/** A working day 3 to 7 days ahead (Paris): under the 15 days of a livraison. */
function soonWorkingDay(): string {
  let day = addDays(epochToParisWall(Date.now()).date, 3);
  while ([0, 6].includes(new Date(`${day}T12:00:00Z`).getUTCDay()) || isFrenchHoliday(day)) day = addDays(day, 1);
  return day;
}

/** The demo program and its free and imposed plannings. */
async function demoPlannings() {
  const programId = (await apiCall<{ _id: string }[]>(e2e.baseUrl, token, '/users/me/programs'))[0]._id;
  const { plannings } = await apiCall<{ plannings: { _id: string; templateType: string; name: string }[] }>(
    e2e.baseUrl,
    token,
    `/rdv/project/${programId}/plannings`,
  );
  const kind = (templateType: string) => plannings.find((planning) => planning.templateType === templateType)!;
  return { programId, free: kind('promoter'), imposed: kind('promoterImpose') };
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  e2e = await startE2e();
  staff = await newContext(e2e.browser);
  page = await staff.newPage();
  page.setDefaultTimeout(30_000);
  const login = new LoginPage(page, e2e.baseUrl);
  await login.open();
  await login.signIn('promoteur@demo.livrea.fr', demoPassword);
  await page.waitForURL((url) => url.pathname === '/projets', { timeout: 90_000 });
  const signedIn = await fetch(`${e2e.baseUrl}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'promoteur@demo.livrea.fr', password: demoPassword }),
  });
  token = ((await signedIn.json()) as { token: string }).token;
}, 180_000);

afterAll(async () => {
  await e2e?.stop();
});

afterEach(async () => {
  const name =
    expect
      .getState()
      .currentTestName?.replace(/[^a-z0-9]+/gi, '-')
      .slice(0, 60) ?? 'step';
  await snapshot(page, `short-notice-${name}`).catch(() => undefined);
});

it("a buyer convened at an imposed date closer than 15 days: the warning names them; 'Revenir sans convoquer' changes nothing, 'Confirmer la convocation' convenes them, marked 'Convocation tardive'", async () => {
  const { programId, imposed } = await demoPlannings();
  const before = await apiCall<Detail>(e2e.baseUrl, token, `/rdv/${imposed._id}`);
  const { clients } = await apiCall<{ clients: { _id: string; lotcomm: string }[] }>(e2e.baseUrl, token, `/programs/${programId}/clients?limit=500`);
  const lot = clients.find((client) => !before.meetings.some((meeting) => meeting.guest._id === client._id))!;
  const day = soonWorkingDay();
  const screen = new PlanningDetailScreen(page, e2e.baseUrl);
  await page.goto(`${e2e.baseUrl}/projets/${programId}/plannings-imposes/${imposed._id}`);
  await page.getByRole('heading', { name: imposed.name, level: 1 }).waitFor({ timeout: 60_000 });

  const addAtSoonDate = async () => {
    await page.getByRole('button', { name: 'Ajouter un acquéreur' }).click();
    const modal = screen.modal();
    await modal.getByRole('heading', { name: 'Ajouter un acquéreur au planning' }).waitFor();
    await screen.chooseFiltered(screen.selectIn(modal, 'Invité'), lot.lotcomm, new RegExp(`^${lot.lotcomm} · `));
    await modal.getByRole('radio', { name: 'Envoyer la convocation maintenant' }).check();
    await screen.dateTime(modal, 'Date du rendez-vous', day, '17:00');
    await modal.getByRole('button', { name: 'Ajouter', exact: true }).click();
    const notice = page.getByRole('dialog', { name: 'Convocation à moins de 15 jours' });
    await notice.getByText(new RegExp(`^Convocation à moins de 15 jours de la visite pour l'acquéreur : ${lot.lotcomm} `)).waitFor();
    return { modal, notice };
  };

  const first = await addAtSoonDate();
  await expectNoSeriousAxeViolations(page, 'convocation tardive (1280 px)');
  await page.screenshot({ path: `${SHOTS}/warning-1280.jpg` });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSeriousAxeViolations(page, 'convocation tardive (390 px)');
  await page.screenshot({ path: `${SHOTS}/warning-390.jpg` });
  await page.setViewportSize({ width: 1280, height: 900 });
  await first.notice.getByRole('button', { name: 'Revenir sans convoquer' }).click();
  await first.modal.getByText('Rien n’a été modifié : la convocation tardive n’a pas été confirmée.').waitFor();
  expect((await apiCall<Detail>(e2e.baseUrl, token, `/rdv/${imposed._id}`)).meetings.some((meeting) => meeting.guest._id === lot._id)).toBe(false);
  await page.keyboard.press('Escape');

  const second = await addAtSoonDate();
  await second.notice.getByRole('button', { name: 'Confirmer la convocation' }).click();
  await screen.notification('Acquéreur convoqué.');
  const added = (await apiCall<Detail>(e2e.baseUrl, token, `/rdv/${imposed._id}`)).meetings.find((meeting) => meeting.guest._id === lot._id)!;
  expect(new Date(added.start!).toLocaleString('sv-SE', { timeZone: 'Europe/Paris' })).toBe(`${day} 17:00:00`);
  expect(added.shortNotice).toBe(true);
});

it("staff placing a buyer by hand ('Placer un rendez-vous') under the program's rule get the same warning and confirm it; the visit is marked", async () => {
  const { programId, free } = await demoPlannings();
  // The rule is per program: 30 days for cloisons too puts the demo's free planning (three weeks ahead) under it.
  const rule = { enabled: true, days: 30, phases: ['partitions', 'delivery'] };
  await apiCall(e2e.baseUrl, token, `/programs/${programId}`, 'PATCH', { shortNoticeRule: rule });
  const before = await apiCall<Detail>(e2e.baseUrl, token, `/rdv/${free._id}`);
  const waiting = before.meetings.find((meeting) => !meeting.isBooked && meeting.isActive && meeting.isAvailable)!;
  // A start the engine offers this buyer: free, and stranding nobody.
  const { options } = await apiCall<{ options: { startDate: string }[] }>(e2e.baseUrl, token, `/rdv/usr/${waiting.uuid}`);
  const [day, time] = new Date(options[0].startDate).toLocaleString('sv-SE', { timeZone: 'Europe/Paris' }).slice(0, 16).split(' ');
  const screen = new PlanningDetailScreen(page, e2e.baseUrl);
  await screen.open(programId, free._id);
  await page.getByRole('heading', { name: free.name, level: 1 }).waitFor({ timeout: 60_000 });

  const placeByHand = async () => {
    await screen.rowAction(waiting.guest.lotcomm, 'Placer manuellement');
    const modal = screen.modal();
    await modal.getByRole('heading', { name: 'Placer un rendez-vous' }).waitFor();
    await screen.dateTime(modal, 'Début', day, time);
    await modal.getByRole('button', { name: 'Placer', exact: true }).click();
    const notice = page.getByRole('dialog', { name: 'Convocation à moins de 30 jours' });
    await notice.getByText(new RegExp(`^Convocation à moins de 30 jours de la visite pour l'acquéreur : ${waiting.guest.lotcomm} `)).waitFor();
    await notice.getByRole('button', { name: 'Confirmer la convocation' }).waitFor();
    return { modal, notice };
  };

  const first = await placeByHand();
  await page.screenshot({ path: `${SHOTS}/forced-booking-warning-1280.jpg` });
  await first.notice.getByRole('button', { name: 'Revenir sans convoquer' }).click();
  await first.modal.getByText('Rien n’a été modifié : la convocation tardive n’a pas été confirmée.').waitFor();
  expect((await apiCall<Detail>(e2e.baseUrl, token, `/rdv/${free._id}`)).meetings.find((meeting) => meeting.uuid === waiting.uuid)?.isBooked).toBe(false);
  await page.keyboard.press('Escape');

  const second = await placeByHand();
  await second.notice.getByRole('button', { name: 'Confirmer la convocation' }).click();
  await screen.notification('Rendez-vous placé.');
  const placed = (await apiCall<Detail>(e2e.baseUrl, token, `/rdv/${free._id}`)).meetings.find((meeting) => meeting.uuid === waiting.uuid)!;
  expect(placed.start).toBe(new Date(options[0].startDate).toISOString());
  expect(placed.shortNotice).toBe(true);
});

it("'Décaler' of the imposed livraison planning onto a date within 15 days: the preview warns, naming the buyers; confirming the shift convenes them, marked", async () => {
  const { programId, imposed } = await demoPlannings();
  // The program's default rule again (an earlier step widened it).
  await apiCall(e2e.baseUrl, token, `/programs/${programId}`, 'PATCH', { shortNoticeRule: { enabled: true, days: 15, phases: ['delivery'] } });
  const before = await apiCall<Detail & { planning: { events: { start: string }[] } }>(e2e.baseUrl, token, `/rdv/${imposed._id}`);
  // The demo's day (five weeks ahead: the last one), onto the working day after the one the first step used.
  const demoDay = before.planning.events
    .map((event) => epochToParisWall(Date.parse(event.start)).date)
    .sort()
    .at(-1)!;
  const moving = before.meetings.filter((meeting) => meeting.start && epochToParisWall(Date.parse(meeting.start)).date === demoDay);
  let newDay = addDays(soonWorkingDay(), 1);
  while ([0, 6].includes(new Date(`${newDay}T12:00:00Z`).getUTCDay()) || isFrenchHoliday(newDay)) newDay = addDays(newDay, 1);
  const screen = new PlanningDetailScreen(page, e2e.baseUrl);
  await page.goto(`${e2e.baseUrl}/projets/${programId}/plannings-imposes/${imposed._id}`);
  await page.getByRole('heading', { name: imposed.name, level: 1 }).waitFor({ timeout: 60_000 });
  await screen.headerButton('Décaler');
  const modal = screen.modal();
  await modal.getByRole('heading', { name: 'Décaler des journées' }).waitFor();
  await screen.choose(screen.selectIn(modal, 'Première journée décalée'), formatFrenchDay(demoDay));
  await modal.getByRole('textbox', { name: 'Nouvelle date de la première journée décalée (JJ/MM/AAAA)' }).fill(newDay.split('-').reverse().join('/'));
  await modal.getByRole('button', { name: 'Voir l’aperçu' }).click();
  await modal.getByText('Convocation à moins de 15 jours', { exact: true }).waitFor();
  await modal.getByText(new RegExp(`^Convocation à moins de 15 jours de la visite pour ${moving.length} acquéreurs : `)).waitFor();
  await page.screenshot({ path: `${SHOTS}/decaler-warning-1280.jpg` });
  await modal.getByRole('button', { name: 'Confirmer le décalage' }).click();
  await screen.notification(`Décalage de ${moving.length} rendez-vous en cours.`);

  const after = await readUntil(
    () => apiCall<Detail>(e2e.baseUrl, token, `/rdv/${imposed._id}`),
    (detail) => moving.every((original) => detail.meetings.find((meeting) => meeting.uuid === original.uuid)?.shortNotice === true),
  );
  for (const original of moving) {
    const moved = after.meetings.find((meeting) => meeting.uuid === original.uuid)!;
    expect(epochToParisWall(Date.parse(moved.start!)).date).toBe(newDay);
    expect(moved.shortNotice).toBe(true);
  }
});
