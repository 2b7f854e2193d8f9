import { mkdirSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import type { OutboxMessage } from '../../functions/data/outbox-repository';
import { formatFrenchDay } from '../../shared/i18n/french-dates';
import { addDays, epochToParisWall } from '../../shared/scheduling/time-grid';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { startE2e, type E2eContext } from '../support/e2e';
import { apiCall, demoPassword, LoginPage, newContext } from './pages/livrea-browser';
import { PlanningDetailScreen } from './pages/planning-detail-screen';
import { readUntil } from '../support/eventually';

/**
 * 'Décaler' in the browser: the demo's imposed planning (building B's delivery) slips by two
 * weeks. The promoter opens 'Décaler', sees who moves where, confirms; every convened buyer is
 * moved to the same hour two weeks later and gets one new convocation to confirm (the local
 * outbox); the history records it. Screens at 1280 and 390 px checked with axe; shots in /tmp/shots/shift/.
 */
jest.setTimeout(180_000);

const SHOTS = '/tmp/shots/shift';
let e2e: E2eContext;
let promoter = '';
let admin = '';

interface Row {
  uuid: string;
  start: string | null;
  amoNb: number | null;
  isConfirmed: boolean;
  guest: { mailmonsieur: string; lotcomm: string };
}

const dayOf = (instant: string) => epochToParisWall(Date.parse(instant)).date;

beforeAll(async () => {
  e2e = await startE2e();
  const tokenOf = async (email: string) => (await apiCall<{ token: string }>(e2e.baseUrl, '', '/users/login', 'POST', { email, password: demoPassword })).token;
  promoter = await tokenOf('promoteur@demo.livrea.fr');
  admin = await tokenOf('admin@demo.livrea.fr');
}, 120_000);

afterAll(() => e2e?.stop());

describe("'Décaler': a two-week delay of the demo imposed planning", () => {
  let context: BrowserContext;
  let page: Page;

  afterAll(async () => {
    await context?.close();
  });

  async function shoot(name: string, where: string): Promise<void> {
    mkdirSync(SHOTS, { recursive: true });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoSeriousAxeViolations(page, `${where} (${width} px)`);
      await page.screenshot({ path: `${SHOTS}/${name}-${width}.jpg`, fullPage: false, timeout: 30_000 });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  it('preview (who moves where), confirmation, every buyer moved to the same hour two weeks later with one new convocation in the outbox, history line', async () => {
    const programId = (await apiCall<{ _id: string }[]>(e2e.baseUrl, promoter, '/users/me/programs'))[0]._id;
    const { plannings } = await apiCall<{ plannings: { _id: string; templateType: string; name: string }[] }>(
      e2e.baseUrl,
      promoter,
      `/rdv/project/${programId}/plannings`,
    );
    const imposed = plannings.find((planning) => planning.templateType === 'promoterImpose')!;
    const read = () => apiCall<{ planning: { events: { start: string }[] }; meetings: Row[] }>(e2e.baseUrl, promoter, `/rdv/${imposed._id}`);
    const before = await read();
    const placed = before.meetings.filter((meeting) => meeting.start);
    const day = dayOf(before.planning.events[0].start);
    const newDay = addDays(day, 14);

    context = await newContext(e2e.browser);
    page = await context.newPage();
    await new LoginPage(page, e2e.baseUrl).signInTo('promoteur@demo.livrea.fr', '/projets');
    const screen = new PlanningDetailScreen(page, e2e.baseUrl);
    await page.goto(`${e2e.baseUrl}/projets/${programId}/plannings-imposes/${imposed._id}`);
    await page.getByRole('heading', { name: imposed.name, level: 1 }).waitFor();

    await screen.headerButton('Décaler');
    const modal = screen.modal();
    await modal.getByRole('heading', { name: 'Décaler des journées' }).waitFor();
    // The first day is chosen by default; its new date two weeks later.
    await modal.getByText(formatFrenchDay(day)).first().waitFor();
    await modal.getByRole('textbox', { name: 'Nouvelle date de la première journée décalée (JJ/MM/AAAA)' }).fill(newDay.split('-').reverse().join('/'));
    await modal.getByRole('button', { name: 'Voir l’aperçu' }).click();
    await modal.getByText(`${placed.length} rendez-vous déplacés, 0 ne pouvant pas être maintenu`).waitFor();
    await modal.getByText('Chaque acquéreur déplacé reçoit une nouvelle convocation à confirmer.').waitFor();
    for (const meeting of placed.slice(0, 3)) await modal.getByRole('row').filter({ hasText: meeting.guest.lotcomm }).first().waitFor();
    await shoot('preview', 'aperçu du décalage');

    await modal.getByRole('button', { name: 'Confirmer le décalage' }).click();
    await screen.notification(`Décalage de ${placed.length} rendez-vous en cours.`);

    // Every buyer moved, same hour and AMO, asked to confirm again; one new convocation each.
    const after = await readUntil(read, (detail) => !detail.meetings.some((meeting) => meeting.start && dayOf(meeting.start) !== newDay));
    for (const original of placed) {
      const moved = after.meetings.find((meeting) => meeting.uuid === original.uuid)!;
      expect(epochToParisWall(Date.parse(moved.start!))).toEqual({ date: newDay, minuteOfDay: epochToParisWall(Date.parse(original.start!)).minuteOfDay });
      expect(moved).toEqual(expect.objectContaining({ amoNb: original.amoNb, isConfirmed: false }));
    }
    expect(after.planning.events.map((event) => dayOf(event.start))).toEqual([newDay]);
    const convocations = await readUntil(
      async () =>
        (await apiCall<{ messages: OutboxMessage[] }>(e2e.baseUrl, admin, '/dev/outbox')).messages.filter(
          (message) => message.channel === 'email' && message.subject?.includes('convocation déplacée'),
        ),
      (found) => found.length >= placed.length,
    );
    for (const meeting of placed) expect(convocations.filter((message) => message.to.includes(meeting.guest.mailmonsieur))).toHaveLength(1);

    await page.getByText('Décalage des journées').first().waitFor();
    await shoot('detail-after', 'détail après le décalage');
    const history = await apiCall<{ history: { action: string }[] }>(e2e.baseUrl, promoter, `/rdv/${imposed._id}/meetings/${placed[0].uuid}/history`);
    expect(history.history.at(-1)?.action).toBe('Décalage du planning');
  });

  it('moved back before its deadline to confirm, onto a Saturday: the preview says the deadline moves before the first visit and names the Saturday; once confirmed the deadline precedes every visit', async () => {
    const programId = (await apiCall<{ _id: string }[]>(e2e.baseUrl, promoter, '/users/me/programs'))[0]._id;
    const { plannings } = await apiCall<{ plannings: { _id: string; templateType: string; name: string }[] }>(
      e2e.baseUrl,
      promoter,
      `/rdv/project/${programId}/plannings`,
    );
    const imposed = plannings.find((planning) => planning.templateType === 'promoterImpose')!;
    const read = () =>
      apiCall<{ planning: { events: { start: string }[]; bookingDeadline: string }; meetings: Row[] }>(e2e.baseUrl, promoter, `/rdv/${imposed._id}`);
    const before = await read();
    const day = dayOf(before.planning.events[0].start);
    // The last Saturday on or before the deadline's day, still to come: the visits would land on or before the deadline.
    let saturday = dayOf(before.planning.bookingDeadline);
    while (new Date(`${saturday}T12:00:00Z`).getUTCDay() !== 6) saturday = addDays(saturday, -1);
    expect(saturday > dayOf(new Date().toISOString())).toBe(true);

    const screen = new PlanningDetailScreen(page, e2e.baseUrl);
    await page.goto(`${e2e.baseUrl}/projets/${programId}/plannings-imposes/${imposed._id}`);
    await page.getByRole('heading', { name: imposed.name, level: 1 }).waitFor();
    await screen.headerButton('Décaler');
    const modal = screen.modal();
    await modal.getByText(formatFrenchDay(day)).first().waitFor();
    await modal.getByRole('textbox', { name: 'Nouvelle date de la première journée décalée (JJ/MM/AAAA)' }).fill(saturday.split('-').reverse().join('/'));
    await modal.getByRole('button', { name: 'Voir l’aperçu' }).click();
    await modal.getByText(/La date limite de réponse est avancée au .+, avant la première visite\./).waitFor();
    await modal.getByText('Jours non ouvrés').waitFor();
    await modal.getByText(`Le ${formatFrenchDay(saturday)} n’est pas un jour ouvré`, { exact: false }).waitFor();
    await shoot('preview-deadline-saturday', 'aperçu du décalage (date limite, samedi)');

    await modal.getByRole('button', { name: 'Confirmer le décalage' }).click();
    const after = await readUntil(read, (detail) => !detail.meetings.some((meeting) => meeting.start && dayOf(meeting.start) !== saturday));
    const first = Math.min(...after.meetings.filter((meeting) => meeting.start).map((meeting) => Date.parse(meeting.start!)));
    expect(dayOf(new Date(first).toISOString())).toBe(saturday);
    expect(Date.parse(after.planning.bookingDeadline)).toBeLessThan(first);
  });

  it('a free planning, chosen days: tick a day, give its new date, see the preview (nothing written until confirmed)', async () => {
    const programId = (await apiCall<{ _id: string }[]>(e2e.baseUrl, promoter, '/users/me/programs'))[0]._id;
    const { plannings } = await apiCall<{ plannings: { _id: string; templateType: string; name: string }[] }>(
      e2e.baseUrl,
      promoter,
      `/rdv/project/${programId}/plannings`,
    );
    const free = plannings.find((planning) => planning.templateType === 'promoter')!;
    const read = () => apiCall<{ planning: { events: { start: string }[] } }>(e2e.baseUrl, promoter, `/rdv/${free._id}`);
    const days = [...new Set((await read()).planning.events.map((event) => dayOf(event.start)))].sort();
    const last = days[days.length - 1];
    const screen = new PlanningDetailScreen(page, e2e.baseUrl);
    await screen.open(programId, free._id);
    await page.getByRole('heading', { name: free.name, level: 1 }).waitFor();
    await screen.headerButton('Décaler');
    const modal = screen.modal();
    await modal.getByText('Journées choisies').click();
    await modal.getByRole('checkbox', { name: formatFrenchDay(last) }).check();
    await modal.getByRole('textbox', { name: `Nouvelle date du ${formatFrenchDay(last)} (JJ/MM/AAAA)` }).fill(addDays(last, 7).split('-').reverse().join('/'));
    await modal.getByRole('button', { name: 'Voir l’aperçu' }).click();
    await modal.getByText(/rendez-vous déplacés?, \d+ ne pouvant pas être maintenus?/).waitFor();
    await modal.getByText('Chaque acquéreur déplacé reçoit son nouvel horaire et un lien pour en choisir un autre.').waitFor();
    await shoot('preview-free-days', 'aperçu du décalage (journées choisies)');
    await modal.getByRole('button', { name: 'Annuler' }).click();
    expect([...new Set((await read()).planning.events.map((event) => dayOf(event.start)))].sort()).toEqual(days);
  });
});
