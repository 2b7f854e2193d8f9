import type { Browser, Page } from 'playwright-core';
import type { OutboxMessage } from '../../functions/data/outbox-repository';
import { waitlistMessages } from '../../shared/messages/waitlist';
import { isFrenchHoliday } from '../../shared/scheduling/french-holidays';
import { addDays, parisWallToEpoch } from '../../shared/scheduling/time-grid';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { clientRows, importClientsOverHttp } from '../support/client-file';
import { startE2e, type E2eContext } from '../support/e2e';
import { planningBody } from '../support/planning-fixtures';
import { apiCall, demoPassword, LoginPage, newContext } from './pages/livrea-browser';
import { readUntil } from '../support/eventually';

/**
 * The earlier-slot waitlist in the browser (docs/user-guide.md « Liste d'attente »; part 1 §2 booking page):
 * one day of seven 1 h visits, all booked. The buyer of the last one asks to be told of an earlier
 * start (390 px); staff cancel the first visit; the waiter's mail arrives in the local outbox; its
 * link opens the booking page with the start held ('Ce créneau vous est réservé jusqu'à HH:MM');
 * the buyer takes it. Staff see the waiter on the planning detail. axe at 1280 and 390 px.
 */
jest.setTimeout(180_000);

const hours = [8 * 60 + 30, 9 * 60 + 30, 10 * 60 + 30, 11 * 60 + 30, 14 * 60, 15 * 60, 16 * 60];
const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 900 };

/** A Monday three weeks ahead or more whose day is no bank holiday. */
function futureMonday(): string {
  const date = new Date(Date.now() + 21 * 86_400_000);
  date.setUTCDate(date.getUTCDate() + ((8 - date.getUTCDay()) % 7 || 7));
  let monday = date.toISOString().slice(0, 10);
  while (isFrenchHoliday(monday)) monday = addDays(monday, 7);
  return monday;
}

let e2e: E2eContext;
let promoter = '';
let admin = '';
let programId = '';
let planningId = '';
let meetings: { uuid: string; guest: { lotcomm: string; mailmonsieur: string } }[] = [];
let starts: string[] = [];

async function buyerPage(browser: Browser, url: string, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: 'fr-FR', timezoneId: 'Europe/Paris' });
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  await page.goto(url);
  return page;
}

beforeAll(async () => {
  e2e = await startE2e();
  const tokenOf = async (email: string) => (await apiCall<{ token: string }>(e2e.baseUrl, '', '/users/login', 'POST', { email, password: demoPassword })).token;
  [promoter, admin] = await Promise.all([tokenOf('promoteur@demo.livrea.fr'), tokenOf('admin@demo.livrea.fr')]);
  const program = await apiCall<{ _id: string }>(e2e.baseUrl, promoter, '/program/create', 'POST', {
    name: "Résidence de l'Attente",
    promotername: 'Promoteur Démo',
    colors: ['rgb(46, 125, 107)'],
  });
  programId = program._id;
  const imported = await importClientsOverHttp(e2e.baseUrl, admin, programId, clientRows(7, 'WL'));
  if (imported.operation?.status !== 'done') throw new Error(JSON.stringify(imported.operation ?? imported.body));
  const lots = (await apiCall<{ clients: { _id: string }[] }>(e2e.baseUrl, promoter, `/programs/${programId}/clients?limit=500`)).clients;
  const day = futureMonday();
  const events = [{ start: new Date(parisWallToEpoch(day, 8 * 60 + 30)).toISOString(), end: new Date(parisWallToEpoch(day, 17 * 60)).toISOString(), nbAmo: 1 }];
  const body = planningBody(
    programId,
    lots.map((lot) => lot._id),
    {
      name: 'Livraison — liste d’attente',
      events,
      authorizeTrous: true,
      bookingDeadline: new Date(Date.parse(events[0].start) - 2 * 86_400_000).toISOString(),
    },
  );
  const created = await apiCall<{ planning: { _id: string } }>(e2e.baseUrl, promoter, '/rdv', 'POST', body);
  planningId = created.planning._id;
  meetings = (await apiCall<{ meetings: typeof meetings }>(e2e.baseUrl, promoter, `/rdv/${planningId}`)).meetings;
  starts = hours.map((minute) => new Date(parisWallToEpoch(day, minute)).toISOString());
  for (const [index, meeting] of meetings.entries()) {
    const booked = await fetch(`${e2e.baseUrl}/api/rdv/book/${planningId}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ usr: meeting.uuid, slot: { startDate: starts[index], amoNb: 0 }, extra: { isInterestedVr: false, visitors: [] } }),
    });
    if (booked.status !== 200) throw new Error(`booking ${index}: ${booked.status} ${await booked.text()}`);
  }
}, 180_000);

afterAll(() => e2e?.stop());

describe("earlier-slot waitlist (docs/user-guide.md « Liste d'attente »)", () => {
  it('a buyer asks to be told, staff cancel an earlier visit, the mail holds the start, the buyer takes it', async () => {
    const [first, , , , , , last] = meetings;

    // The buyer of 16:00 asks, on a phone.
    const asking = await buyerPage(e2e.browser, `${e2e.baseUrl}/entrevue/${last.uuid}`, phone);
    await asking.getByRole('button', { name: waitlistMessages.ask }).click();
    await asking.getByText(waitlistMessages.waiting).waitFor();
    await expectNoSeriousAxeViolations(asking, '/entrevue/{uuid} inscrit sur liste d’attente (390 px)');
    await asking.setViewportSize(desktop);
    await expectNoSeriousAxeViolations(asking, '/entrevue/{uuid} inscrit sur liste d’attente (1280 px)');
    await asking.context().close();

    // Staff see who waits on the planning detail.
    const staff = await newContext(e2e.browser);
    const staffPage = await staff.newPage();
    await new LoginPage(staffPage, e2e.baseUrl).signInTo('promoteur@demo.livrea.fr', '/projets');
    await staffPage.goto(`${e2e.baseUrl}/projets/${programId}/plannings-libres/${planningId}`);
    await staffPage.getByRole('heading', { name: /^Liste d'attente/ }).waitFor();
    await staffPage.getByText(waitlistMessages.staff.count(1)).waitFor();
    const waiting = staffPage.getByRole('table', { name: "Liste d'attente" });
    await waiting.getByText(last.guest.lotcomm).waitFor();
    await staffPage.screenshot({ path: 'test-results/waitlist-staff-1280.jpg', fullPage: true });
    await expectNoSeriousAxeViolations(staffPage, "détail du planning, liste d'attente (1280 px)");
    await staffPage.setViewportSize(phone);
    await expectNoSeriousAxeViolations(staffPage, "détail du planning, liste d'attente (390 px)");

    // Staff cancel the 08:30 visit: its start is held for the waiter and the offer is mailed.
    await apiCall(e2e.baseUrl, promoter, `/rdv/${planningId}/unbook-staff`, 'PATCH', { uuid: first.uuid, isMailConfirmationDel: false });
    const offer = await readUntil(
      async () =>
        (await apiCall<{ messages: OutboxMessage[] }>(e2e.baseUrl, admin, '/dev/outbox')).messages.find(
          (message) => message.channel === 'email' && message.to.includes(last.guest.mailmonsieur) && message.subject?.startsWith('Un créneau plus tôt'),
        ),
      (found) => found !== undefined,
    );
    expect(offer?.text).toContain('08:30');
    const link = /https?:\/\/\S+\/entrevue\/\S+/.exec(offer!.text ?? '')![0];
    expect(link).toContain(last.uuid);
    await staffPage.setViewportSize(desktop);
    await staffPage.reload();
    await staffPage
      .getByText(/Créneau proposé jusqu'à \d\d:\d\d/)
      .first()
      .waitFor();
    await staff.close();

    // The link holds the start for this buyer: 'Prendre ce créneau'.
    const taking = await buyerPage(e2e.browser, link, desktop);
    await taking.getByText(/Ce créneau vous est réservé jusqu'à \d\d:\d\d/).waitFor();
    await taking
      .getByText(/à 08:30/)
      .first()
      .waitFor();
    await expectNoSeriousAxeViolations(taking, '/entrevue/{uuid} créneau réservé (1280 px)');
    await taking.setViewportSize(phone);
    await expectNoSeriousAxeViolations(taking, '/entrevue/{uuid} créneau réservé (390 px)');
    await taking.screenshot({ path: 'test-results/waitlist-held-390.jpg', fullPage: true });
    await taking.getByRole('button', { name: waitlistMessages.take }).click();
    await taking.getByText(waitlistMessages.taken).waitFor();
    await taking.getByText(/de 08:30 à 09:30/).waitFor();
    await expectNoSeriousAxeViolations(taking, '/entrevue/{uuid} créneau pris (390 px)');
    await taking.context().close();

    const detail = await apiCall<{ meetings: { uuid: string; start: string | null }[] }>(e2e.baseUrl, promoter, `/rdv/${planningId}`);
    expect(detail.meetings.find((meeting) => meeting.uuid === last.uuid)?.start).toBe(starts[0]);
    const history = await apiCall<{ history: { action: string }[] }>(e2e.baseUrl, promoter, `/rdv/${planningId}/meetings/${last.uuid}/history`);
    expect(history.history.map((entry) => entry.action)).toEqual(
      expect.arrayContaining([waitlistMessages.history.joined, waitlistMessages.history.offered, waitlistMessages.history.taken]),
    );
  });
});
