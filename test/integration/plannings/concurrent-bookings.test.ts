import { withPlanningLock, planningLockPolicy } from '../../../functions/core/booking/planning-lock';
import { ServiceUnavailableError } from '../../../functions/core/errors';
import { acquirePlanningLock, getPlanningLock } from '../../../functions/data/planning-lock-repository';
import { getDeps } from '../../../functions/runtime/deps';
import { call, signInWithoutLoginRoute } from '../../support/test-api';
import { startTestPool, type TestPool } from '../../support/test-pool';
import { assertInvariants, parisIso, programForFile, type freePlanning } from '../planning-actions/support';

// Not a sign-in test: its accounts sign in through the product's session code (test/support/test-api.ts).
signInWithoutLoginRoute();

/**
 * Issue 10 point 2: buyers of one planning booking at the same moment. Each booking is checked by
 * the engine against every booking committed before it; a refusal only when the engine refuses.
 * The concurrent calls go through the local worker pool: 4 processes, one request each at a
 * time, as Lambda instances serve them (setup calls stay in this process).
 */
const slotTaken = "Ce créneau vient d'être réservé par quelqu'un d'autre. Veuillez en choisir un autre.";

type Setup = Awaited<ReturnType<typeof freePlanning>>;

/** One program for the file (the six tests' 129 buyers), imported once: each planning invites lots of its own. */
const program = programForFile(50 + 50 + 6 + 20 + 2 + 1);

let workers: TestPool;
beforeAll(async () => {
  workers = await startTestPool();
}, 60_000);
afterAll(() => workers.stop());

function book(planningId: string, uuid: string, startDate: string, amoNb = 0) {
  return workers.call('PATCH', `/api/rdv/book/${planningId}`, {
    body: { usr: uuid, slot: { startDate, amoNb }, extra: { isInterestedVr: false, visitors: [] } },
  });
}

/** The 1 h visits that tile each working day (08:30–12:30, 14:00–17:00): 7 per day and AMO. */
function tilingStarts(setup: Setup): string[] {
  return setup.dayDates.flatMap((date) => ['08:30', '09:30', '10:30', '11:30', '14:00', '15:00', '16:00'].map((hm) => parisIso(date, hm)));
}

describe('concurrent bookings of one planning (issue 10 point 2)', () => {
  it('50 buyers each booking their own free slot at once, through 4 worker processes: all 50 succeed and the counters are exact', async () => {
    const setup = await program.freePlanning({ lots: 50, days: 8, overrides: { authorizeTrous: true } });
    const starts = tilingStarts(setup);
    // Every chosen start is offered to every buyer before anyone books.
    const offered = new Set(
      (await call('GET', `/api/rdv/usr/${setup.meetings[0].uuid}`)).body.options.map((option: { startDate: string }) => option.startDate),
    );
    expect(starts.slice(0, 50).every((start) => offered.has(start))).toBe(true);

    const responses = await Promise.all(setup.meetings.map((meeting, index) => book(setup.planningId, meeting.uuid, starts[index])));

    expect(responses.map((response) => response.status)).toEqual(Array(50).fill(200));
    const { planning, meetings } = await setup.read();
    expect(planning).toEqual(expect.objectContaining({ nbBooked: 50, nbNotBooked: 0 }));
    setup.meetings.forEach((meeting, index) => expect(meetings.find((stored) => stored.uuid === meeting.uuid)?.start).toBe(starts[index]));
    await assertInvariants(setup.planningId, setup.read);
  }, 240_000);

  it("50 buyers on ONE slot at once, through 4 worker processes: exactly one success, 49 × 409 'Ce créneau vient d'être réservé…'", async () => {
    const setup = await program.freePlanning({ lots: 50, days: 8, overrides: { authorizeTrous: true } });
    const start = parisIso(setup.dayDates[0], '09:30');
    const responses = await Promise.all(setup.meetings.map((meeting) => book(setup.planningId, meeting.uuid, start)));
    expect(responses.filter((response) => response.status === 200)).toHaveLength(1);
    const refusals = responses.filter((response) => response.status === 409);
    expect(refusals).toHaveLength(49);
    expect(new Set(refusals.map((refusal) => refusal.body.message))).toEqual(new Set([slotTaken]));
    expect((await setup.read()).planning).toEqual(expect.objectContaining({ nbBooked: 1, nbNotBooked: 49 }));
    await assertInvariants(setup.planningId, setup.read);
  }, 240_000);

  it('the engine still refuses the second of two concurrent bookings that together would strand a remaining buyer', async () => {
    // One day, one AMO: 4 visits fit in the morning, 3 in the afternoon; 6 buyers leave one spare
    // place. Starting 30 minutes into a run costs one place: either booking alone fits, not both.
    const setup = await program.freePlanning({ lots: 6, days: 1, overrides: { authorizeTrous: true } });
    const [first, second] = setup.meetings;
    const morning = parisIso(setup.dayDates[0], '09:00');
    const afternoon = parisIso(setup.dayDates[0], '14:30');
    for (const [meeting, start] of [
      [first, morning],
      [second, afternoon],
    ] as const) {
      const options = (await call('GET', `/api/rdv/usr/${meeting.uuid}`)).body.options.map((option: { startDate: string }) => option.startDate);
      expect(options).toContain(start);
    }

    const responses = await Promise.all([book(setup.planningId, first.uuid, morning), book(setup.planningId, second.uuid, afternoon)]);

    expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
    expect(responses.find((response) => response.status === 409)?.body.message).toBe(slotTaken);
    const { planning, meetings } = await setup.read();
    expect(planning.nbBooked).toBe(1);
    // The five buyers left still have a place each: the engine offers every one of them an option.
    for (const meeting of meetings.filter((candidate) => !candidate.isBooked)) {
      expect((await call('GET', `/api/rdv/usr/${meeting.uuid}`)).body.options.length).toBeGreaterThan(0);
    }
    await assertInvariants(setup.planningId, setup.read);
  });

  it('buyers cancelling while others book at once: every cancel and every booking of a free slot succeeds, counters exact', async () => {
    const setup = await program.freePlanning({ lots: 20, days: 3, overrides: { authorizeTrous: true } });
    const starts = tilingStarts(setup);
    const [cancelling, booking] = [setup.meetings.slice(0, 10), setup.meetings.slice(10)];
    for (const [index, meeting] of cancelling.entries()) expect((await book(setup.planningId, meeting.uuid, starts[index])).status).toBe(200);

    const responses = await Promise.all([
      ...cancelling.map((meeting) => workers.call('PATCH', `/api/rdv/unbook/${meeting.uuid}`)),
      ...booking.map((meeting, index) => book(setup.planningId, meeting.uuid, starts[10 + index])),
    ]);

    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(200));
    expect((await setup.read()).planning).toEqual(expect.objectContaining({ nbBooked: 10, nbNotBooked: 10 }));
    await assertInvariants(setup.planningId, setup.read);
  }, 120_000);

  it('a holder that died leaves the lock behind: it blocks the planning only until its lease ends, then is taken over and released', async () => {
    const setup = await program.freePlanning({ lots: 2, days: 1 });
    // A booking process killed while holding the lock: its lease ends in about a second.
    expect(
      await acquirePlanningLock(
        getDeps().store,
        setup.planningId,
        'killed-holder',
        Date.now() - planningLockPolicy.leaseMs + 1_000,
        planningLockPolicy.leaseMs,
      ),
    ).not.toBeNull();
    const option = (await call('GET', `/api/rdv/usr/${setup.meetings[0].uuid}`)).body.options[0];

    const response = await book(setup.planningId, setup.meetings[0].uuid, option.startDate, option.amoNb);

    expect(response.status).toBe(200);
    expect(await getPlanningLock(getDeps().store, setup.planningId)).toBeNull();
    expect((await setup.read()).planning.nbBooked).toBe(1);
  });

  it("a planning held by a live holder past the waiting budget: 503 'Le service est très sollicité, veuillez réessayer dans un instant.' and nothing done", async () => {
    const setup = await program.freePlanning({ lots: 1, days: 1 });
    expect(await acquirePlanningLock(getDeps().store, setup.planningId, 'busy-holder', Date.now(), 60_000)).not.toBeNull();
    const work = jest.fn(async () => 'done');

    const waiting = withPlanningLock(getDeps(), setup.planningId, work, { ...planningLockPolicy, budgetMs: 300 });

    await expect(waiting).rejects.toThrow(new ServiceUnavailableError('Le service est très sollicité, veuillez réessayer dans un instant.'));
    await expect(waiting).rejects.toHaveProperty('status', 503);
    expect(work).not.toHaveBeenCalled();
    expect((await getPlanningLock(getDeps().store, setup.planningId))?.owner).toBe('busy-holder');
  });
});
