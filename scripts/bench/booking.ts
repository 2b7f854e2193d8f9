import { loadavg } from 'node:os';
import type { FreePlanningCreateInput } from '../../shared/domain/planning';
import { benchThroughput, stopBenchDynamo } from './bench-dynamo';

/**
 * Part 1 §7 booking, a program's opening (distinct free slots must all be granted, not refused as a
 * clash): `buyers` buyers of one planning each book their own free slot within a minute, each click
 * at its own instant (`arrival`, below), through the real booking handler on DynamoDB Local, run as
 * on AWS: by the local worker pool (LIVREA_WORKERS processes, 4 by default), one request per process
 * at a time. Prints the p95 and max latency of one booking call (from that buyer's click) and how
 * many succeeded (all of them must: the slots tile the planning); then the same crowd at once
 * (`booking-<n>-at-once`: every click at the same instant, the worst case) on a planning of its
 * own. The plannings' setup goes through this process.
 */
export async function runBookingBench(crowds: number[] = [50, 500]): Promise<void> {
  // The bookings go through DynamoDB's partition limits: the workers, started now, inherit the model's address.
  const throughput = await benchThroughput();
  const { callThrough } = await import('../../test/support/test-api');
  const { startWorkerPool } = await import('../../infra/local/worker-pool');
  const pool = await startWorkerPool({ env: { ...process.env, DYNAMODB_ENDPOINT: throughput.endpoint } });
  const book = callThrough(pool.dispatch, pool.idle);
  const lines: string[] = [];
  // Where a long run is (stderr, beside the figures): its set-up, through HTTP in this process, takes minutes at 500 on a loaded machine.
  const startedAt = performance.now();
  const mark = (step: string) =>
    console.error(`[booking bench] ${step} at ${((performance.now() - startedAt) / 1000).toFixed(0)} s (load ${loadavg()[0].toFixed(1)})`);
  // Unreported crowds first: they load the booking handler and its engine in every worker (warm
  // instances, as in AWS), and warm DynamoDB Local's JVM, which compiles its hot paths over the
  // first thousands of calls (the DynamoDB service is never cold): measured, the same crowd of 50
  // ran 1.19 s → 0.87 s over six crowds in a row.
  const warmUps = [8, 50, 50];
  const runs = [
    ...warmUps.map((buyers) => ({ buyers, arrival: atOnce, warmUp: true })),
    ...crowds.flatMap((buyers) => [
      { buyers, arrival: openingArrival, warmUp: false },
      { buyers, arrival: atOnce, warmUp: false },
    ]),
  ];
  for (const { buyers, arrival, warmUp } of runs) {
    const { planningId, meetings, starts } = await bookablePlanning(buyers);
    mark(`crowd of ${buyers} (${arrival.name}): program and planning ready`);
    const timings: number[] = [];
    const clicks = arrival.clicksMs(buyers);
    throughput.reset();
    const statuses = await Promise.all(
      meetings.map(async (meeting, index) => {
        if (clicks[index] > 0) await new Promise((clicked) => setTimeout(clicked, clicks[index]));
        // From this buyer's click (the timer's firing, which a busy bench process may delay: never earlier).
        const started = performance.now();
        // The buyer's wait: the answer, not the confirmation mail that dispatch sends after it.
        const response = await book('PATCH', `/api/rdv/book/${planningId}`, {
          body: { usr: meeting.uuid, slot: { startDate: starts[index], amoNb: 0 }, extra: { isInterestedVr: false, visitors: [] } },
          answerOnly: true,
        });
        timings.push(performance.now() - started);
        return response.status;
      }),
    );
    const units = throughput.totals();
    // The load as the crowd ended (uptime's figures: the machine is shared, a figure is judged by it).
    const load = loadavg()
      .map((average) => average.toFixed(1))
      .join('/');
    mark(`crowd of ${buyers}: booked`);
    await pool.idle();
    // With the confirmations every booking handed over (mail and SMS jobs; the outbox standing for SES
    // and SNS is written in the table here): those of a crowd spread over a minute run during it, and
    // are in `units` above; those of a crowd at once mostly wait for it to end.
    const withSends = throughput.totals();
    const sorted = timings.sort((a, b) => a - b);
    const p95 = sorted[Math.ceil(sorted.length * 0.95) - 1];
    const success = statuses.filter((status) => status === 200).length;
    if (warmUp) continue;
    lines.push(
      `bench booking-${buyers}${arrival === atOnce ? '-at-once' : ''} book arrival=${arrival.name} p95_ms=${p95.toFixed(0)} success=${success}/${buyers} throttled=${units.throttled} read_units_per_booking=${(units.readUnits / buyers).toFixed(1)} write_units_per_booking=${(units.writeUnits / buyers).toFixed(1)} max_ms=${sorted[sorted.length - 1].toFixed(0)} peak_read_units_per_second=${units.peakReadUnitsPerSecond.toFixed(0)} peak_write_units_per_second=${units.peakWriteUnitsPerSecond.toFixed(0)} with_sends_read_units_per_booking=${(withSends.readUnits / buyers).toFixed(1)} with_sends_write_units_per_booking=${(withSends.writeUnits / buyers).toFixed(1)} workers=${pool.size} load=${load}`,
    );
    // One slot wanted by the whole crowd (LIVREA_BENCH_ONE_SLOT buyers of the last planning, 100 by default): exactly one may win it.
    if (buyers === crowds[crowds.length - 1] && arrival === atOnce) {
      const crowd = Math.min(meetings.length, Number(process.env.LIVREA_BENCH_ONE_SLOT ?? 100));
      const rest = meetings.slice(0, crowd);
      // Every buyer of the crowd cancels first (they all booked above), then all want the same start.
      for (const meeting of rest) await book('PATCH', `/api/rdv/unbook/${meeting.uuid}`, { answerOnly: true });
      throughput.reset();
      const oneSlot = await Promise.all(
        rest.map((meeting) =>
          book('PATCH', `/api/rdv/book/${planningId}`, {
            body: { usr: meeting.uuid, slot: { startDate: starts[0], amoNb: 0 }, extra: { isInterestedVr: false, visitors: [] } },
            answerOnly: true,
          }),
        ),
      );
      const sameSlot = throughput.totals();
      const statuses = oneSlot.map((answer) => answer.status);
      lines.push(
        `bench booking-one-slot-${crowd} winners=${statuses.filter((status) => status === 200).length} refused_409=${statuses.filter((status) => status === 409).length} other=${statuses.filter((status) => status !== 200 && status !== 409).length} throttled=${sameSlot.throttled}`,
      );
      await pool.idle();
    }
  }
  await pool.stop();
  // The same figures on a loaded machine are many times slower: one consistent GetItem's median, to judge them by.
  lines.push(`bench booking dynamodb-local get median_ms=${(await getItemMedianMs()).toFixed(1)}`);
  console.log(`\nConcurrent bookings of distinct free slots of one planning (real booking handler in ${pool.size} worker processes, DynamoDB Local)`);
  for (const line of lines) console.log(line);
}

/** When each buyer of a crowd clicks, in ms after the crowd's start, by index. */
interface Arrival {
  name: string;
  clicksMs: (buyers: number) => number[];
}

/** Every click at the same instant: the worst case, not an opening (the figure before the arrival shapes). */
const atOnce: Arrival = { name: 'at-once', clicksMs: (buyers) => Array.from({ length: buyers }, () => 0) };

/**
 * A program's opening (part 1 §7: the buyers book from the invitation's link): each buyer clicks at
 * an instant of their own over the minute, seeded so that every run sends the same crowd.
 * `LIVREA_BENCH_ARRIVAL`: `uniform` (the default: as many clicks in every second), or `front`
 * (most clicks in the first seconds after the mail: an exponential of mean 10 s cut at the minute,
 * 63 % of the buyers in the first 10 s, 95 % in the first 30 s). `LIVREA_BENCH_ARRIVAL_SECONDS`
 * stretches or squeezes the minute.
 */
const openingSeconds = Number(process.env.LIVREA_BENCH_ARRIVAL_SECONDS ?? 60);
const frontLoaded = process.env.LIVREA_BENCH_ARRIVAL === 'front';
const openingArrival: Arrival = {
  name: `${frontLoaded ? 'front' : 'uniform'}-${openingSeconds}s`,
  clicksMs: (buyers) => {
    const random = seededRandom(buyers);
    const spanMs = openingSeconds * 1000;
    const meanMs = (10 / 60) * spanMs;
    // The exponential's inverse, its tail past the span cut off (each draw lands inside it).
    const front = (draw: number) => -meanMs * Math.log(1 - draw * (1 - Math.exp(-spanMs / meanMs)));
    return Array.from({ length: buyers }, () => Math.floor(frontLoaded ? front(random()) : random() * spanMs));
  },
};

/** Mulberry32: a small seeded generator, so that a crowd's clicks are the same from run to run. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * A free planning of `buyers` buyers, 1 h visits over working days 08:30–17:00 with lunch
 * 12:30–14:00 (7 visits a day), holes allowed, created through the API (an operation above 100
 * buyers) with its invitations sent; `starts` tiles it, one start per buyer, each offered.
 * `overrides`: more fields of the planning (its named AMOs), `weeksAhead` its first Monday.
 */
export async function bookablePlanning(buyers: number, overrides: Partial<FreePlanningCreateInput> = {}, weeksAhead?: number) {
  const { call } = await import('../../test/support/test-api');
  const { futureMonday, planningBody, programWithLots, runDueJobs, workingDays } = await import('../../test/support/planning-fixtures');
  const { parisWallToEpoch } = await import('../../shared/scheduling/time-grid');
  const { eventToDay } = await import('../../shared/scheduling/planning-calendar');
  // Working days 08:30–17:00 with lunch 12:30–14:00 hold 7 one-hour visits each; holes allowed, so each start below is offered.
  const setup = await programWithLots(buyers);
  const events = workingDays(futureMonday(weeksAhead), Math.ceil(buyers / 7));
  const lotIds = setup.clients.map((client) => client._id);
  const body = planningBody(setup.program._id, lotIds, {
    events,
    authorizeTrous: true,
    // Invited in a week, not at creation: the bookings measured need no invitation (booking does not
    // check it), and 500 buyers' mails and SMS, paced at 14 and 20 a second, were most of a round's set-up.
    launchDate: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    bookingDeadline: new Date(Date.parse(events[0].start) - 2 * 86_400_000).toISOString(),
    ...overrides,
  });
  const created = await call('POST', '/api/rdv', { token: setup.promoter.token, body });
  // Above 100 buyers the creation is an operation (202) that the jobs advance.
  if (created.status === 202)
    while ((await call('GET', `/api/operations/${created.body.operation.id}`, { token: setup.promoter.token })).body.status === 'running') await runDueJobs();
  else if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  while ((await runDueJobs()) > 0);
  const planningId = created.body.planning._id as string;
  const meetings = (await call('GET', `/api/rdv/${planningId}`, { token: setup.promoter.token })).body.meetings as { uuid: string }[];
  const starts = events.flatMap((event) =>
    [8 * 60 + 30, 9 * 60 + 30, 10 * 60 + 30, 11 * 60 + 30, 14 * 60, 15 * 60, 16 * 60].map((minute) =>
      new Date(parisWallToEpoch(eventToDay(event).date, minute)).toISOString(),
    ),
  );
  return { setup, planningId, meetings, starts };
}

/** The median of 30 consistent GetItems on the bench's DynamoDB Local (a key that does not exist). */
async function getItemMedianMs(): Promise<number> {
  const { GetCommand } = await import('@aws-sdk/lib-dynamodb');
  const { getDeps } = await import('../../functions/runtime/deps');
  const { store: db } = getDeps();
  const timings: number[] = [];
  for (let attempt = 0; attempt < 30; attempt += 1) {
    const started = performance.now();
    await db.doc.send(new GetCommand({ TableName: db.table, Key: { pk: 'BENCH#NONE', sk: String(attempt) }, ConsistentRead: true }));
    timings.push(performance.now() - started);
  }
  return timings.sort((a, b) => a - b)[15];
}

if (require.main === module) {
  runBookingBench(process.argv[2] ? [Number(process.argv[2])] : undefined)
    .catch((error) => {
      console.error(error);
      process.exitCode = 1;
    })
    // DynamoDB Local would keep the process alive once the figures are printed.
    .finally(() => stopBenchDynamo());
}
