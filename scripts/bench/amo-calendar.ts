import { benchThroughput, stopBenchDynamo } from './bench-dynamo';
import { bookablePlanning } from './booking';
import { percentile } from './percentile';

/**
 * What a named AMO's one calendar adds to a buyer's booking (docs/scheduling.md « One person, one
 * calendar »): two plannings of 600 buyers, one with anonymous columns, one naming its AMO (who
 * is also named on a second planning of another program: the calendar read holds two claims),
 * booked through the real booking handler in the local worker pool (each request its own process,
 * as on AWS), one booking at a time, alternating blocks of each so that a change of the machine's
 * load weighs on both alike. The named planning's booking reads the AMO's partition and the
 * plannings it names, and its transaction checks the calendar's version: the read units and the
 * latency say what that costs. Prints p50 and p95 of one booking call and the read and write units
 * per booking (DynamoDB's partition model, docs/architecture.md « DynamoDB's limits on the local
 * runtime »), with the load average.
 */
export async function runAmoCalendarBench(buyers = 600, blocks = 4, perBlock = 10): Promise<void> {
  const throughput = await benchThroughput();
  const { createUserAndLogin, callThrough } = await import('../../test/support/test-api');
  const { startWorkerPool } = await import('../../infra/local/worker-pool');
  const { loadavg } = await import('node:os');
  const pool = await startWorkerPool({ env: { ...process.env, DYNAMODB_ENDPOINT: throughput.endpoint } });
  const book = callThrough(pool.dispatch, pool.idle);
  const amo = await createUserAndLogin('amo');
  const named = { areAmosAssigned: true, amoList: [amo.user._id] };
  const kinds = {
    anonymous: await bookablePlanning(buyers),
    named: await bookablePlanning(buyers, named),
  };
  // The AMO's other planning, another program, later days: a second claim in the calendar read.
  await bookablePlanning(7, named, 30);
  const measured = { anonymous: { timings: [] as number[], read: 0, write: 0 }, named: { timings: [] as number[], read: 0, write: 0 } };
  const load = loadavg()[0];
  let next = 0;
  const bookBlock = async (kind: keyof typeof kinds, count: number, record: boolean) => {
    const { planningId, meetings, starts } = kinds[kind];
    throughput.reset();
    for (let index = next; index < next + count; index += 1) {
      const started = performance.now();
      const response = await book('PATCH', `/api/rdv/book/${planningId}`, {
        body: { usr: meetings[index].uuid, slot: { startDate: starts[index], amoNb: 0 }, extra: { isInterestedVr: false, visitors: [] } },
        answerOnly: true,
      });
      if (response.status !== 200) throw new Error(`${kind}: ${response.status} ${JSON.stringify(response.body)}`);
      if (record) measured[kind].timings.push(performance.now() - started);
    }
    await pool.idle();
    const units = throughput.totals();
    if (record) {
      measured[kind].read += units.readUnits;
      measured[kind].write += units.writeUnits;
    }
  };
  // Unreported first: every worker loads the booking handler and the engine (warm instances).
  await bookBlock('anonymous', pool.size, false);
  await bookBlock('named', pool.size, false);
  next = pool.size;
  for (let block = 0; block < blocks; block += 1) {
    await bookBlock('anonymous', perBlock, true);
    await bookBlock('named', perBlock, true);
    next += perBlock;
  }
  await pool.stop();
  console.log(`\nA buyer's booking with and without a named AMO (${buyers} buyers, real booking handler in ${pool.size} worker processes, DynamoDB Local)`);
  for (const kind of ['anonymous', 'named'] as const) {
    const { timings, read, write } = measured[kind];
    const sorted = [...timings].sort((a, b) => a - b);
    console.log(
      `bench amo-booking-${buyers} ${kind} book p50_ms=${percentile(sorted, 0.5).toFixed(0)} p95_ms=${percentile(sorted, 0.95).toFixed(0)} read_units_per_booking=${(read / timings.length).toFixed(1)} write_units_per_booking=${(write / timings.length).toFixed(1)} bookings=${timings.length} load_average=${load.toFixed(1)}-${loadavg()[0].toFixed(1)}`,
    );
  }
}

if (require.main === module) {
  runAmoCalendarBench(process.argv[2] ? Number(process.argv[2]) : undefined)
    .catch((error) => {
      console.error(error);
      process.exitCode = 1;
    })
    // DynamoDB Local would keep the process alive once the figures are printed.
    .finally(() => stopBenchDynamo());
}
