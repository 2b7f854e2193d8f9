import { startThroughputProxy, type ThroughputProxy } from '../../../infra/local/throughput/throughput-proxy';
import { startTestPool, type TestPool } from '../../support/test-pool';
import { assertInvariants, freePlanning, parisIso } from '../planning-actions/support';
import { signInWithoutLoginRoute } from '../../support/test-api';

// Not a sign-in test: its accounts sign in through the product's session code (test/support/test-api.ts).
signInWithoutLoginRoute();

/**
 * The booking lock under DynamoDB's partition limits (docs/architecture.md « Booking integrity »):
 * every call of the bookings' worker processes goes through the throughput model, which refuses a
 * partition key past its units of a second as DynamoDB does. 8 workers hold 8 bookings at once
 * where AWS would hold hundreds, so the planning's partition is given a tenth of DynamoDB's read
 * units (300 a second): waiters that watched the lock item itself, every few milliseconds each,
 * spent that many on one key; waiters that watch their own answer item do not.
 */
let proxy: ThroughputProxy;
let workers: TestPool;
beforeAll(async () => {
  proxy = await startThroughputProxy({ upstream: process.env.DYNAMODB_LOCAL_ENDPOINT!, limits: { readUnitsPerSecond: 300, writeUnitsPerSecond: 1_000 } });
  workers = await startTestPool({ size: 8, env: { DYNAMODB_ENDPOINT: proxy.endpoint } });
  // Every worker loads the booking handler first (warm instances): cold starts seconds apart would put the racing requests one after the other.
  await Promise.all(Array.from({ length: 8 }, () => workers.call('PATCH', '/api/rdv/book/warm-up', { answerOnly: true })));
}, 180_000);
afterAll(async () => {
  await workers?.stop();
  await proxy?.stop();
});

function book(planningId: string, uuid: string, startDate: string) {
  return workers.call('PATCH', `/api/rdv/book/${planningId}`, {
    body: { usr: uuid, slot: { startDate, amoNb: 0 }, extra: { isInterestedVr: false, visitors: [] } },
    answerOnly: true,
  });
}

describe('bookings of one planning under the partition limits', () => {
  it('50 buyers booking their own free slots at once through 8 workers: all 50 booked, no call of theirs throttled, the counters exact', async () => {
    const setup = await freePlanning({ lots: 50, days: 8, overrides: { authorizeTrous: true } });
    const starts = setup.dayDates.flatMap((date) => ['08:30', '09:30', '10:30', '11:30', '14:00', '15:00', '16:00'].map((hm) => parisIso(date, hm)));
    proxy.reset();

    const responses = await Promise.all(setup.meetings.map((meeting, index) => book(setup.planningId, meeting.uuid, starts[index])));

    expect(responses.map((response) => response.status)).toEqual(Array(50).fill(200));
    expect(proxy.totals().throttled).toBe(0);
    await workers.pool.idle();
    expect((await setup.read()).planning).toEqual(expect.objectContaining({ nbBooked: 50, nbNotBooked: 0 }));
    await assertInvariants(setup.planningId, setup.read);
  }, 240_000);

  it('50 buyers wanting ONE slot at once through 8 workers: exactly one winner, 49 × 409, no call throttled', async () => {
    const setup = await freePlanning({ lots: 50, days: 8, overrides: { authorizeTrous: true } });
    const start = parisIso(setup.dayDates[0], '09:30');
    proxy.reset();

    const responses = await Promise.all(setup.meetings.map((meeting) => book(setup.planningId, meeting.uuid, start)));

    expect(responses.filter((response) => response.status === 200)).toHaveLength(1);
    expect(responses.filter((response) => response.status === 409)).toHaveLength(49);
    expect(proxy.totals().throttled).toBe(0);
    await workers.pool.idle();
    expect((await setup.read()).planning).toEqual(expect.objectContaining({ nbBooked: 1 }));
    await assertInvariants(setup.planningId, setup.read);
  }, 240_000);
});
