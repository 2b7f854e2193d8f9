import { spyOnSend } from '../../support/send-spy';
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { acquirePlanningLock, releasePlanningLock } from '../../../functions/data/planning-lock-repository';
import { loadPlanningState } from '../../../functions/data/plannings-repository';
import { keys } from '../../../functions/data/keys';
import { getDeps } from '../../../functions/runtime/deps';
import { call, signalledJobsIdle } from '../../support/test-api';
import { buyerBooks, freePlanning, parisIso, slotGrainItems } from '../planning-actions/support';
import { until } from '../../support/eventually';

/**
 * Bookings of one planning take turns (docs/architecture.md « Booking integrity »): whatever one
 * turn reads, every other booking of the planning waits for. These tests pin what a turn reads.
 */
describe('booking turn reads', () => {
  it("the planning read returns the planning and its meetings only, not the booked visits' slot grains", async () => {
    const setup = await freePlanning({ lots: 3, overrides: { authorizeTrous: true } });
    expect((await buyerBooks(setup.planningId, setup.meetings[0].uuid)).status).toBe(200);
    expect((await slotGrainItems(setup.planningId)).size).toBeGreaterThan(0);
    const doc = getDeps().store.doc;
    const returned: number[] = [];
    const spy = spyOnSend(doc, async (command, send) => {
      const result = (await send(command)) as { Count?: number };
      if (command instanceof QueryCommand) returned.push(result.Count ?? 0);
      return result;
    });
    try {
      const state = await loadPlanningState(getDeps().store, setup.planningId);
      expect(state?.meetings).toHaveLength(3);
    } finally {
      spy.mockRestore();
    }
    // The planning item and three meetings: the grains (and the lock, and tombstones) stay in the table.
    expect(returned).toEqual([4]);
  }, 60_000);

  it('a waiting booking joins the queue with one write on the lock item, then watches its own answer item (eventually consistent), the lock item only now and then', async () => {
    const setup = await freePlanning({ lots: 1, days: 1, overrides: { authorizeTrous: true } });
    const { store: db } = getDeps();
    const lockKey = keys.planningLock(setup.planningId);
    expect(await acquirePlanningLock(db, setup.planningId, 'other-holder', Date.now(), 5_000)).not.toBeNull();
    const calls: string[] = [];
    const spy = spyOnSend(db.doc, (command, send) => {
      const input = command.input as { Key?: Record<string, unknown>; ConsistentRead?: boolean };
      const onLock = input.Key?.pk === lockKey.pk && input.Key.sk === lockKey.sk;
      const onAnswer = String(input.Key?.pk ?? '').startsWith('BOOKOUTCOME#');
      const read = command instanceof GetCommand ? (input.ConsistentRead ? ' consistent' : ' eventual') : '';
      calls.push(`${command.constructor.name}${onLock ? ` lock${read}` : onAnswer ? ` answer${read}` : ''}`);
      return send(command);
    });
    let whileWaiting: string[] = [];
    try {
      const booking = call('PATCH', `/api/rdv/book/${setup.planningId}`, {
        body: {
          usr: setup.meetings[0].uuid,
          slot: { startDate: parisIso(setup.dayDates[0], '09:30'), amoNb: 0 },
          extra: { isInterestedVr: false, visitors: [] },
        },
        answerOnly: true,
      });
      await until('the booking waiting its turn', () => calls.filter((name) => name === 'GetCommand lock consistent').length >= 2, 30_000, 10);
      whileWaiting = [...calls];
      await releasePlanningLock(db, setup.planningId, 'other-holder');
      expect((await booking).status).toBe(200);
    } finally {
      spy.mockRestore();
    }
    // Its arrival (the lock item exists: the test's holder wrote it), then looks only: its own
    // answer item, eventually consistent, at each look; the lock item (the planning's partition) at some.
    expect(whileWaiting[0]).toBe('UpdateCommand lock');
    expect(new Set(whileWaiting.slice(1))).toEqual(new Set(['GetCommand answer eventual', 'GetCommand lock consistent']));
    const lockReads = whileWaiting.filter((name) => name === 'GetCommand lock consistent').length;
    expect(whileWaiting.filter((name) => name === 'GetCommand answer eventual').length).toBeGreaterThan(lockReads);
    await signalledJobsIdle();
  }, 60_000);

  it("a booking where the planning's queue was never written, for a meeting of another planning: 404 and nothing written under that planning", async () => {
    const target = await freePlanning({ lots: 1, days: 1 });
    const other = await freePlanning({ lots: 1, days: 1 });
    const option = (await call('GET', `/api/rdv/usr/${other.meetings[0].uuid}`)).body.options[0];

    const response = await call('PATCH', `/api/rdv/book/${target.planningId}`, {
      body: { usr: other.meetings[0].uuid, slot: { startDate: option.startDate, amoNb: option.amoNb }, extra: { isInterestedVr: false, visitors: [] } },
      answerOnly: true,
    });

    expect(response.status).toBe(404);
    const { Item } = await getDeps().store.doc.send(
      new GetCommand({ TableName: getDeps().store.table, Key: keys.planningLock(target.planningId), ConsistentRead: true }),
    );
    expect(Item).toBeUndefined();
    expect((await other.read()).planning.nbBooked).toBe(0);
  }, 60_000);

  it('the lock item forgets, as a holder commits, the outcomes an earlier design kept there and the requests that gave up; outcomes are items of their own', async () => {
    const setup = await freePlanning({ lots: 2, days: 1, overrides: { authorizeTrous: true } });
    const { store: db } = getDeps();
    const lockKey = keys.planningLock(setup.planningId);
    const old = Date.now() - 120_000;
    // Left by earlier turns: an outcome read long ago, a request whose process died waiting.
    await db.doc.send(
      new PutCommand({
        TableName: db.table,
        Item: {
          ...lockKey,
          'o_000000000000001-old': { kind: 'booked', at: old },
          [`w_${String(old).padStart(15, '0')}-gone`]: {
            came: old,
            request: { usr: setup.meetings[1].uuid, slot: { startDate: parisIso(setup.dayDates[0], '14:00'), amoNb: 0 }, extra: { visitors: [] } },
          },
        },
      }),
    );

    expect((await buyerBooks(setup.planningId, setup.meetings[0].uuid)).status).toBe(200);

    const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: lockKey, ConsistentRead: true }));
    const attributes = Object.keys(Item ?? {});
    expect(attributes.filter((name) => name.startsWith('w_'))).toEqual([]);
    // The booking's outcome is an item of its own (BOOKOUTCOME#<request>), nothing of it on the lock item.
    expect(attributes.filter((name) => name.startsWith('o_'))).toEqual([]);
    expect(Item).not.toHaveProperty('owner');
    // The request that gave up was not booked by the holder that found it.
    expect((await setup.read()).planning.nbBooked).toBe(1);
    await signalledJobsIdle();
  }, 60_000);
});
