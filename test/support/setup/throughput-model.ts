import { startThroughputProxy, type ThroughputProxy } from '../../../infra/local/throughput/throughput-proxy';

/**
 * DynamoDB's partition limits in front of the run's DynamoDB Local for the integration project
 * (docs/architecture.md « DynamoDB's limits on the local runtime »): every worker pool and
 * crash-test runtime of an integration file calls through it, so a race test that would be
 * throttled on AWS is throttled here too. Started once per run in jest's main process; the workers
 * find it in `LIVREA_TEST_THROUGHPUT_ENDPOINT` (test/support/integration-throughput.ts gives it to
 * the processes a file starts; the file's own handlers carry the same model in their client).
 * The browser journeys keep calling DynamoDB Local directly.
 */
const run = globalThis as { __livreaThroughput?: Promise<ThroughputProxy> };

export async function ensureThroughputModel(): Promise<void> {
  run.__livreaThroughput ??= startThroughputProxy({ upstream: process.env.DYNAMODB_ENDPOINT! });
  process.env.LIVREA_TEST_THROUGHPUT_ENDPOINT = (await run.__livreaThroughput).endpoint;
}

/** Stops it, and prints what it saw: the calls DynamoDB would have throttled are the run's news. */
export async function stopThroughputModel(): Promise<void> {
  const model = await run.__livreaThroughput;
  run.__livreaThroughput = undefined;
  if (!model) return;
  const totals = model.totals();
  console.log(
    `DynamoDB throughput model (the processes the files started): ${totals.requests} calls, ${totals.throttled} throttled, peak ${totals.peakReadUnitsPerSecond.toFixed(0)} read and ${totals.peakWriteUnitsPerSecond.toFixed(0)} write units a second on one partition key`,
  );
  await model.stop();
}
