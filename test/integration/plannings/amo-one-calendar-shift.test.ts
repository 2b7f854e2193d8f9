import { startShift } from '../../../functions/core/planning-actions/shift-days';
import { shiftRequestSchema } from '../../../shared/domain/planning-shift';
import { eventToDay } from '../../../shared/scheduling/planning-calendar';
import { bookSlot } from '../../../functions/core/booking/book-slot';
import { bookRequestSchema } from '../../../shared/domain/planning';
import { checksAmoCalendar, heldAtCommit, promoterCaller } from '../../support/held-commit';
import { futureMonday, workingDays } from '../../support/planning-fixtures';
import { call, createUserAndLogin, signInWithoutLoginRoute } from '../../support/test-api';
import { freePlanning, parisIso, type TestMeeting } from '../planning-actions/support';

// Not a sign-in test: its accounts sign in through the product's session code (test/support/test-api.ts).
signInWithoutLoginRoute();

/**
 * « Décaler » of a planning naming an AMO, who is one person across plannings (docs/scheduling.md
 * « One person, one calendar »): its start is serialised with the AMO's days off, and the new days
 * keep clear of the visits another planning already has there. Two mornings, 08:30–12:30, 1 h
 * visits; each planning in its own program (45 minutes of travel between them).
 */
const named = (userId: string) => ({ areAmosAssigned: true, amoList: [userId] });

async function twoMornings() {
  const amo = await createUserAndLogin('amo');
  const [first, second] = workingDays(futureMonday(), 2, { start: 8 * 60 + 30, end: 12 * 60 + 30 });
  return { amo, first, second, from: eventToDay(first).date, to: eventToDay(second).date };
}

function book(planningId: string, uuid: string, startDate: string) {
  return call('PATCH', `/api/rdv/book/${planningId}`, { body: { usr: uuid, slot: { startDate, amoNb: 0 }, extra: { isInterestedVr: false, visitors: [] } } });
}

const spanOf = (meeting: TestMeeting) => ({ start: Date.parse(meeting.start!), end: Date.parse(meeting.end!) });

it('a day off saved between « Décaler »’s decision and its commit makes it decide again: « … est indisponible … : placer quand même ? », no visit moved into the day off', async () => {
  const { amo, first, from, to } = await twoMornings();
  const a = await freePlanning({ lots: 1, days: 1, overrides: { name: 'Les Jardins du Parc', events: [first], ...named(amo.user._id) } });
  expect((await book(a.planningId, a.meetings[0].uuid, parisIso(from, '08:30'))).status).toBe(200);
  // The day off lies on the new day only: the planning, still on its old day, is not judged by it.
  const deps = heldAtCommit(async () => {
    const off = await call('POST', '/api/amo/days-off', { token: amo.token, body: { start: parisIso(to, '08:00'), end: parisIso(to, '13:00') } });
    expect(off.status).toBe(201);
  });
  const request = shiftRequestSchema.parse({ mode: 'days', days: [{ from, to }] });
  await expect(startShift(deps, promoterCaller(a.promoter.user), a.planningId, request)).rejects.toMatchObject({
    message: `${amo.user.username} est indisponible le ${to.slice(8, 10)}/${to.slice(5, 7)} de 08:00 à 13:00 (Mes indisponibilités) : placer quand même ?`,
    details: expect.objectContaining({ code: 'AMO_ELSEWHERE' }),
  });
  const { planning, meetings } = await a.read();
  expect(planning.events).toEqual([first]);
  expect(meetings.filter((meeting) => meeting.start).map((meeting) => meeting.start)).toEqual([parisIso(from, '08:30')]);
});

it('« Décaler » confirmed onto days where a planning it outranks already has visits records them in the AMO’s calendar: the shifted planning does not offer their time', async () => {
  const { amo, first, second, from, to } = await twoMornings();
  // A names the AMO first: once on B's day, that morning is A's; B's visit, booked before, stays.
  const a = await freePlanning({ lots: 1, days: 1, overrides: { name: 'Les Jardins du Parc', events: [first], ...named(amo.user._id) } });
  const b = await freePlanning({ lots: 1, days: 1, overrides: { name: 'Le Clos des Vignes', events: [second], ...named(amo.user._id) } });
  expect((await book(b.planningId, b.meetings[0].uuid, parisIso(to, '08:30'))).status).toBe(200);
  const started = await call('POST', `/api/rdv/${a.planningId}/decaler`, {
    token: a.token,
    body: { mode: 'days', days: [{ from, to }], confirmElsewhere: true },
  });
  expect(started.status).toBe(202);
  // B's visit 08:30–09:30, another program: A offers nothing before 09:30 + 45 minutes.
  const options = (await call('GET', `/api/rdv/usr/${a.meetings[0].uuid}`)).body.options as { startDate: string }[];
  expect(options.length).toBeGreaterThan(0);
  expect(Math.min(...options.map((option) => Date.parse(option.startDate)))).toBeGreaterThanOrEqual(Date.parse(parisIso(to, '10:15')));
  expect((await book(a.planningId, a.meetings[0].uuid, options[0].startDate)).status).toBe(200);
  const [visitA] = (await a.read()).meetings.filter((meeting) => meeting.start);
  const [visitB] = (await b.read()).meetings.filter((meeting) => meeting.start);
  expect(spanOf(visitA).start).toBeGreaterThanOrEqual(spanOf(visitB).end + 45 * 60_000);
});

/**
 * A (named first) on a first morning 08:30–`aEnd`, B on a second morning 08:30–12:30 with one
 * buyer still to place (1 h), another program: shifted onto B's day, A owns that morning up to
 * `aEnd` + 45 minutes of travel.
 */
async function shiftOntoWaitingBuyer(aEnd: number) {
  const amo = await createUserAndLogin('amo');
  const monday = futureMonday();
  const [first] = workingDays(monday, 2, { start: 8 * 60 + 30, end: aEnd });
  const [, second] = workingDays(monday, 2, { start: 8 * 60 + 30, end: 12 * 60 + 30 });
  const a = await freePlanning({ lots: 1, days: 1, overrides: { name: 'Les Jardins du Parc', events: [first], ...named(amo.user._id) } });
  const b = await freePlanning({ lots: 1, days: 1, overrides: { name: 'Le Clos des Vignes', events: [second], ...named(amo.user._id) } });
  const days = [{ from: eventToDay(first).date, to: eventToDay(second).date }];
  const shift = (flags: Record<string, boolean>) =>
    call('POST', `/api/rdv/${a.planningId}/decaler`, { token: a.token, body: { mode: 'days', days, ...flags } });
  return { a, b, first, days, shift };
}

it('« Décaler » that takes the AMO time another planning’s buyer still needs names that planning and the buyer and asks: unconfirmed, nothing is shifted', async () => {
  // A until 11:00, plus 45 minutes of travel: B keeps 11:45–12:30, too short for its 1 h buyer.
  const { a, b, first, days, shift } = await shiftOntoWaitingBuyer(11 * 60);
  const buyer = `${b.meetings[0].guest.nom} (lot ${b.meetings[0].guest.lotcomm})`;
  const message = `Attention : après ce décalage, ${buyer} ne pourra plus être placé(e) sur « Le Clos des Vignes » : placer quand même ?`;
  const preview = await call('POST', `/api/rdv/${a.planningId}/decaler/apercu`, { token: a.token, body: { mode: 'days', days } });
  expect(preview.status).toBe(200);
  expect(preview.body.strandedElsewhere).toEqual([{ planningName: 'Le Clos des Vignes', buyers: [buyer], message }]);
  const refused = await shift({ confirmElsewhere: true });
  expect(refused.status).toBe(409);
  expect(refused.body).toMatchObject({ code: 'WOULD_STRAND', message });
  expect((await a.read()).planning.events).toEqual([first]);
  expect((await shift({ confirmElsewhere: true, confirmStrand: true })).status).toBe(202);
  expect((await a.read()).planning.events).not.toEqual([first]);
});

it('« Décaler » that leaves another planning’s buyers their place asks nothing about them', async () => {
  // A until 10:00, plus 45 minutes of travel: B keeps 10:45–12:30, its 1 h buyer still fits.
  const { a, days, shift } = await shiftOntoWaitingBuyer(10 * 60);
  const preview = await call('POST', `/api/rdv/${a.planningId}/decaler/apercu`, { token: a.token, body: { mode: 'days', days } });
  expect(preview.status).toBe(200);
  expect(preview.body.strandedElsewhere).toBeUndefined();
  expect((await shift({ confirmElsewhere: true })).status).toBe(202);
});

it('« Décaler » onto another planning’s time while a booking of that planning commits, where it records no visit: the booking decides again and cannot take the time', async () => {
  // A until 12:30 (the whole morning, plus 45 minutes of travel): B's buyer has no place left once A is on B's day.
  const { b, days, shift } = await shiftOntoWaitingBuyer(12 * 60 + 30);
  const deps = heldAtCommit(async () => {
    // Confirmed over B's time and B's buyer: B has no visit there, so nothing is recorded; only the claims move.
    expect((await shift({ confirmElsewhere: true, confirmStrand: true })).status).toBe(202);
  }, checksAmoCalendar);
  const request = bookRequestSchema.parse({
    usr: b.meetings[0].uuid,
    slot: { startDate: parisIso(days[0].to, '08:30'), amoNb: 0 },
    extra: { isInterestedVr: false },
  });
  await expect(bookSlot(deps, b.planningId, request)).rejects.toMatchObject({ status: 409 });
  expect((await b.read()).meetings.filter((meeting) => meeting.start)).toEqual([]);
});
