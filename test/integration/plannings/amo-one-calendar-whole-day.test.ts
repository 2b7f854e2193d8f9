import { call, signInWithoutLoginRoute } from '../../support/test-api';
import { icsEvents } from '../exports/support';
import { parisIso } from '../planning-actions/support';
import { amoOnTwoPlannings } from './amo-two-plannings';

// Not a sign-in test: its accounts sign in through the product's session code (test/support/test-api.ts).
signInWithoutLoginRoute();

/**
 * The whole person's day (docs/scheduling.md « One person, one calendar »): an AMO named on two
 * plannings of two programs they are not authorized on sees the visits of both and their days off
 * in their calendar feed and in « Ma journée ».
 */
async function namedTwice() {
  const { amo, a, b, date } = await amoOnTwoPlannings();
  const book = (setup: typeof a, hm: string) =>
    call('PATCH', `/api/rdv/book/${setup.planningId}`, {
      body: { usr: setup.meetings[0].uuid, slot: { startDate: parisIso(date, hm), amoNb: 0 }, extra: { isInterestedVr: false, visitors: [] } },
    });
  expect((await book(a, '08:30')).status).toBe(200);
  expect((await book(b, '14:00')).status).toBe(200);
  const off = { start: parisIso(date, '18:00'), end: parisIso(date, '20:00') };
  expect((await call('POST', '/api/amo/days-off', { token: amo.token, body: off })).status).toBe(201);
  return { amo, a, b, date, off };
}

describe('the AMO’s whole day: every planning naming them and their days off (docs/scheduling.md « One person, one calendar »)', () => {
  it('the calendar feed lists the visits of both plannings and the day off', async () => {
    const { amo, a, b, date } = await namedTwice();
    const issued = await call('POST', '/api/exports/calendar-feed', { token: amo.token });
    expect(issued.status).toBe(201);
    const feed = await call('GET', `/api/exports/calendar-feed/${new URL(issued.body.url).pathname.split('/')[4]}/visites.ics`);
    expect(feed.status).toBe(200);
    const events = icsEvents(feed.raw.toString('utf8'));
    expect(events.map((event) => event.parisStart).sort()).toEqual(['08:30', '14:00', '18:00'].map((hm) => `${date} ${hm}`));
    expect(events.map((event) => event.uid)).toEqual(expect.arrayContaining([`${a.meetings[0].uuid}@livrea`, `${b.meetings[0].uuid}@livrea`]));
    expect(events.map((event) => event.summary)).toContain('Indisponible (Mes indisponibilités)');
  });

  it('« Ma journée » lists the visits of both plannings and says the day off', async () => {
    const { amo, date, off } = await namedTwice();
    const day = await call('GET', `/api/attendance/day?date=${date}`, { token: amo.token });
    expect(day.status).toBe(200);
    expect(day.body.visits.map((visit: { planningName: string; start: string }) => [visit.planningName, visit.start])).toEqual([
      ['Les Jardins du Parc', parisIso(date, '08:30')],
      ['Le Clos des Vignes', parisIso(date, '14:00')],
    ]);
    expect(day.body.daysOff).toEqual([off]);
  });
});
