/**
 * Part 2 §4 on the server: time before now + the planning's minimum notice is no capacity for
 * the staff checks either (AMO availability TEST and CONFIRMER, adding a buyer, making a buyer
 * active again). The planning's first day lies inside the notice; only the second day counts.
 */
import { call } from '../../support/test-api';
import { eventToDay } from '../../../shared/scheduling/planning-calendar';
import { parisWallToEpoch } from '../../../shared/scheduling/time-grid';
import { futureMonday, workingDays } from '../../support/planning-fixtures';
import { assertInvariants, freePlanning, parisIso } from './support';

const H = 3_600_000;
const notEnoughTime = 'Pas assez de temps pour faire les visites. Veuillez ajouter des disponibilités.';

/**
 * Two working days 08:30–17:00 (lunch 12:30–14:00: 7 one-hour visits a day), `invited` buyers of
 * one hour, and a minimum notice reaching the second day's midnight: the first day is all inside it.
 */
async function planningWithFirstDayInsideNotice(lots: number, invited: number) {
  const events = workingDays(futureMonday(1), 2);
  const dayDates = events.map((event) => eventToDay(event).date);
  const minNoticeHours = Math.ceil((parisWallToEpoch(dayDates[1], 0) - Date.now()) / H);
  const bookingDeadline = new Date(Date.parse(events[0].start) - 2 * 86_400_000).toISOString();
  const setup = await freePlanning({ lots, invited, overrides: { events, bookingDeadline, minNoticeHours } });
  return { ...setup, dayDates };
}

const addCustomer = (setup: { planningId: string; token: string }, lotId: string) =>
  call('PATCH', `/api/rdv/${setup.planningId}/add-customer`, { token: setup.token, body: { user: lotId, duree: H, isMailInvitation: false } });

describe('part 2 §4: staff checks leave out time before now + the minimum notice', () => {
  it('the buyers are offered the second day only (the first is inside the notice)', async () => {
    const setup = await planningWithFirstDayInsideNotice(7, 7);
    const options = (await call('GET', `/api/rdv/usr/${setup.meetings[0].uuid}`)).body.options as { startDate: string }[];
    expect(options.length).toBeGreaterThan(0);
    expect(options.every((option) => option.startDate >= parisIso(setup.dayDates[1], '00:00'))).toBe(true);
  });

  it("an AMO absence on the only day left is refused by TEST and CONFIRMER: 'Pas assez de temps…'", async () => {
    // 7 buyers, 7 hours on the second day: removing one of its hours strands a buyer, though the first day is free.
    const setup = await planningWithFirstDayInsideNotice(7, 7);
    const absence = { kind: 'remove', amoNb: 0, start: parisIso(setup.dayDates[1], '15:00'), end: parisIso(setup.dayDates[1], '16:00') };
    const tested = await call('PATCH', `/api/rdv/test-book-unavailabilities/${setup.planningId}`, { token: setup.token, body: { events: [absence] } });
    expect(tested.status).toBe(200);
    expect(tested.body.error).toBe(notEnoughTime);
    const saved = await call('PATCH', `/api/rdv/book-unavailabilities/${setup.planningId}`, { token: setup.token, body: { events: [absence] } });
    expect(saved.status).toBe(409);
    expect(saved.body.message).toBe(notEnoughTime);
    expect((await setup.read()).planning.unavailable ?? []).toEqual([]);
    // Time inside the notice is nobody's capacity: removing it strands nobody.
    const pastAbsence = { kind: 'remove', amoNb: 0, start: parisIso(setup.dayDates[0], '08:30'), end: parisIso(setup.dayDates[0], '12:30') };
    const harmless = await call('PATCH', `/api/rdv/book-unavailabilities/${setup.planningId}`, { token: setup.token, body: { events: [pastAbsence] } });
    expect(harmless.status).toBe(200);
    await assertInvariants(setup.planningId, setup.read);
  });

  it("adding an eighth one-hour buyer is refused with 'Pas de solution'; two added at once: only one gets in", async () => {
    const setup = await planningWithFirstDayInsideNotice(9, 7);
    const refused = await addCustomer(setup, setup.clients[7]._id);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('Pas de solution');
    expect(refused.body.details.reason).toBe(notEnoughTime);
    expect((await setup.read()).meetings).toHaveLength(7);

    const roomForOne = await planningWithFirstDayInsideNotice(8, 6);
    const [first, second] = await Promise.all([addCustomer(roomForOne, roomForOne.clients[6]._id), addCustomer(roomForOne, roomForOne.clients[7]._id)]);
    expect([first.status, second.status].sort()).toEqual([200, 422]);
    expect((await roomForOne.read()).meetings).toHaveLength(7);
    await assertInvariants(roomForOne.planningId, roomForOne.read);
  });

  it("making a buyer active again is refused when only the day inside the notice would hold them: 'Pas de solution'", async () => {
    const setup = await planningWithFirstDayInsideNotice(8, 7);
    const [paused] = setup.meetings;
    const off = await call('PATCH', `/api/rdv/${setup.planningId}/meetings/${paused.uuid}`, { token: setup.token, body: { isActive: false } });
    expect(off.status).toBe(200);
    expect((await addCustomer(setup, setup.clients[7]._id)).status).toBe(200);
    const back = await call('PATCH', `/api/rdv/${setup.planningId}/meetings/${paused.uuid}`, { token: setup.token, body: { isActive: true } });
    expect(back.status).toBe(422);
    expect(back.body.message).toBe('Pas de solution');
    expect((await setup.read()).meetings.find((meeting) => meeting.uuid === paused.uuid)!.isActive).toBe(false);
    await assertInvariants(setup.planningId, setup.read);
  });
});
