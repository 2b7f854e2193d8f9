import { bookSlot } from '../../../functions/core/booking/book-slot';
import { bookRequestSchema } from '../../../shared/domain/planning';
import { checksAmoCalendar, heldAtCommit } from '../../support/held-commit';
import { call, signInWithoutLoginRoute } from '../../support/test-api';
import { parisIso, parisSeconds } from '../planning-actions/support';
import { amoOnTwoPlannings } from './amo-two-plannings';

// Not a sign-in test: its accounts sign in through the product's session code (test/support/test-api.ts).
signInWithoutLoginRoute();

/**
 * A visit staff confirm over another planning's time is recorded in the AMO's calendar and moves
 * its version (docs/scheduling.md « One person, one calendar »): a booking of that other planning
 * decided on the calendar before it, and committing at that very instant, fails its check and
 * decides again, so the person is never in two places at once. A names the AMO first on a
 * morning, 08:30–12:30; B (another program) the whole day; 1 h visits, 45 minutes of travel.
 */
it('a visit confirmed over another planning’s time while a booking of that planning commits: the booking decides again and cannot take the time', async () => {
  const { amo, a, b, date } = await amoOnTwoPlannings();
  const deps = heldAtCommit(async () => {
    const forced = await call('PATCH', `/api/rdv/book-force/${b.planningId}`, {
      token: b.token,
      body: { selected: b.meetings[0].uuid, rdvDate: parisSeconds(date, '09:00'), selectedAmo: amo.user._id, confirmElsewhere: true },
    });
    expect(forced.status).toBe(200);
  }, checksAmoCalendar);
  const request = bookRequestSchema.parse({
    usr: a.meetings[0].uuid,
    slot: { startDate: parisIso(date, '08:30'), amoNb: 0 },
    extra: { isInterestedVr: false },
  });
  await expect(bookSlot(deps, a.planningId, request)).rejects.toMatchObject({ status: 409 });
  expect((await a.read()).meetings.filter((meeting) => meeting.start)).toEqual([]);
  // B's visit 09:00–10:00: A's buyer still has a place, from 10:45 (45 minutes of travel after it).
  const options = (await call('GET', `/api/rdv/usr/${a.meetings[0].uuid}`)).body.options as { startDate: string }[];
  expect(options.length).toBeGreaterThan(0);
  expect(Math.min(...options.map((option) => Date.parse(option.startDate)))).toBeGreaterThanOrEqual(Date.parse(parisIso(date, '10:45')));
});
