import { SCHEDULING_MESSAGES } from '../../../shared/messages/scheduling';
import { futureMonday, planningBody, programWithLots, workingDays } from '../../support/planning-fixtures';
import { call, createUserAndLogin, signInWithoutLoginRoute } from '../../support/test-api';
import { freePlanning, parisIso } from '../planning-actions/support';

// Not a sign-in test: its accounts sign in through the product's session code (test/support/test-api.ts).
signInWithoutLoginRoute();

/**
 * The staff checks count only a named AMO's own time (docs/scheduling.md « One person, one
 * calendar »). The earlier planning names amo1 on the morning, 08:30–12:30; the later one (another
 * program) the whole day, 08:30–17:00 with lunch 12:30–14:00: its own time is 14:00–17:00, which
 * its three 1 h buyers fill.
 */
async function sharedAmo() {
  const amo = await createUserAndLogin('amo');
  const monday = futureMonday();
  const named = { areAmosAssigned: true, amoList: [amo.user._id] };
  const earlier = await freePlanning({ lots: 1, days: 1, overrides: { events: workingDays(monday, 1, { start: 8 * 60 + 30, end: 12 * 60 + 30 }), ...named } });
  const later = await freePlanning({ lots: 3, days: 1, overrides: { events: workingDays(monday, 1), ...named } });
  return { amo, monday, earlier, later, date: later.dayDates[0] };
}

const notEnoughTime = SCHEDULING_MESSAGES.notEnoughTime;

describe('staff checks count only the named AMO’s own time (docs/scheduling.md « One person, one calendar »)', () => {
  it('the availability drawer’s TEST and CONFIRMER refuse an edit whose buyers would fit only in time another planning owns, even one that reopens that time', async () => {
    const { later, date } = await sharedAmo();
    const absence = { kind: 'remove', amoNb: 0, start: parisIso(date, '14:00'), end: parisIso(date, '15:00') };
    // The morning is the earlier planning's: giving it back to this planning's grid opens nothing.
    const reopened = { kind: 'add', amoNb: 0, start: parisIso(date, '09:00'), end: parisIso(date, '10:00') };
    for (const events of [[absence], [absence, reopened]]) {
      const tested = await call('PATCH', `/api/rdv/test-book-unavailabilities/${later.planningId}`, { token: later.token, body: { events } });
      expect(tested.status).toBe(200);
      expect(tested.body.error).toBe(notEnoughTime);
      const saved = await call('PATCH', `/api/rdv/book-unavailabilities/${later.planningId}`, { token: later.token, body: { events } });
      expect(saved.status).toBe(409);
      expect(saved.body.message).toBe(notEnoughTime);
    }
    const { planning } = await later.read();
    expect(planning.unavailable ?? []).toEqual([]);
    expect(planning.extraAvailable ?? []).toEqual([]);
    // An edit within the AMO's own time that strands nobody is saved, without the time elsewhere.
    const harmless = { kind: 'add', amoNb: 0, start: parisIso(date, '17:00'), end: parisIso(date, '18:00') };
    const saved = await call('PATCH', `/api/rdv/book-unavailabilities/${later.planningId}`, { token: later.token, body: { events: [harmless] } });
    expect(saved.status).toBe(200);
    expect((await later.read()).planning.unavailable ?? []).toEqual([]);
  });

  it('creating a planning whose AMO works elsewhere counts only their free time: buyers who fit only in the other planning’s time are « Pas de solution »', async () => {
    const { amo, monday } = await sharedAmo();
    const setup = await programWithLots(2);
    const events = workingDays(monday, 1, { start: 8 * 60 + 30, end: 12 * 60 + 30 });
    const body = (amoFields: object) =>
      planningBody(
        setup.program._id,
        setup.clients.map((client) => client._id),
        { events, bookingDeadline: new Date(Date.parse(events[0].start) - 2 * 86_400_000).toISOString(), ...amoFields },
      );
    // The morning is the earlier planning's (and the later one's afternoon is 45 minutes of travel away).
    const refused = await call('POST', '/api/rdv', { token: setup.promoter.token, body: body({ areAmosAssigned: true, amoList: [amo.user._id] }) });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('Pas de solution');
    // Anonymous AMO columns keep the planning-local check.
    expect((await call('POST', '/api/rdv', { token: setup.promoter.token, body: body({}) })).status).toBe(201);
  });
});
