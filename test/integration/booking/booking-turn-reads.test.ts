import { BatchGetCommand, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { acquirePlanningLock, releasePlanningLock } from '../../../functions/data/planning-lock-repository';
import { loadPlanningState } from '../../../functions/data/plannings-repository';
import { keys } from '../../../functions/data/keys';
import { getDeps } from '../../../functions/runtime/deps';
import { call, signalledJobsIdle } from '../../support/test-api';
import { buyerBooks, freePlanning, parisIso, slotGrainItems } from '../planning-actions/support';

/**
 * Bookings of one planning take turns (docs/architecture.md « Booking integrity »): whatever one
 * turn reads, every other booking of the planning waits for. These tests pin what a turn reads.
 */
describe('booking turn reads', () => {
  it("the planning read returns the planning and its meetings only, not the booked visits' slot grains", async () => {
    const setup = await freePlanning({ lots: 3, overrides: { authorizeTrous: true } });
    expect((await buyerBooks(setup.planningId, setup.meetings[0].uuid)).status).toBe(200);
    expect((await slotGrainItems(setup.planningId)).size).toBeGreaterThan(0);
    const doc = getDeps().db.doc;
    const send = doc.send.bind(doc);
    const returned: number[] = [];
    const spy = jest.spyOn(doc, 'send').mockImplementation((async (command: unknown, ...rest: unknown[]) => {
      const result = await (send as (...args: unknown[]) => Promise<{ Count?: number }>)(command, ...rest);
      if (command instanceof QueryCommand) returned.push(result.Count ?? 0);
      return result;
    }) as typeof doc.send);
    try {
      const state = await loadPlanningState(getDeps().db, setup.planningId);
      expect(state?.meetings).toHaveLength(3);
    } finally {
      spy.mockRestore();
    }
    // The planning item and three meetings: the grains (and the lock, and tombstones) stay in the table.
    expect(returned).toEqual([4]);
  }, 60_000);

  it('a waiting booking watches the lock and its own outcome with one read per look', async () => {
    const setup = await freePlanning({ lots: 1, days: 1, overrides: { authorizeTrous: true } });
    const { db } = getDeps();
    const lockKey = keys.planningLock(setup.planningId);
    expect(await acquirePlanningLock(db, setup.planningId, 'other-holder', Date.now(), 5_000)).toBe(true);
    const send = db.doc.send.bind(db.doc);
    let looks = 0;
    let lockGets = 0;
    const spy = jest.spyOn(db.doc, 'send').mockImplementation(((command: unknown, ...rest: unknown[]) => {
      if (command instanceof BatchGetCommand) looks += 1;
      if (command instanceof GetCommand && command.input.Key?.pk === lockKey.pk && command.input.Key.sk === lockKey.sk) lockGets += 1;
      return (send as (...args: unknown[]) => unknown)(command, ...rest);
    }) as typeof db.doc.send);
    try {
      const booking = call('PATCH', `/api/rdv/book/${setup.planningId}`, {
        body: {
          usr: setup.meetings[0].uuid,
          slot: { startDate: parisIso(setup.dayDates[0], '09:30'), amoNb: 0 },
          extra: { isInterestedVr: false, visitors: [] },
        },
        answerOnly: true,
      });
      while (looks + lockGets < 3) await new Promise((resolve) => setTimeout(resolve, 10));
      await releasePlanningLock(db, setup.planningId, 'other-holder');
      expect((await booking).status).toBe(200);
    } finally {
      spy.mockRestore();
    }
    expect(lockGets).toBe(0);
    await signalledJobsIdle();
  }, 60_000);
});
