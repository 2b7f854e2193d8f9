import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDynamoDbLocal, type RunningDynamoDb } from '../../infra/local/dynamodb-local';
import { startThroughputProxy, type ThroughputProxy } from '../../infra/local/throughput/throughput-proxy';

let running: Promise<RunningDynamoDb> | undefined;
let model: Promise<ThroughputProxy> | undefined;

/**
 * One DynamoDB Local and one table for every bench of a run: the handlers' dependencies are built
 * once per process from the environment, so a second database would leave them pointing at the
 * first one.
 */
export function benchDynamo(): Promise<RunningDynamoDb> {
  // Three minutes to start, not one: on the shared 2-core machine (load 30–45) its JVM took longer.
  running ??= startDynamoDbLocal({ startupLimitMs: 180_000 }).then((dynamo) => {
    Object.assign(process.env, {
      LIVREA_RUNTIME: 'local',
      DYNAMODB_ENDPOINT: dynamo.endpoint,
      TABLE_NAME: 'bench',
      LIVREA_DATA_DIR: mkdtempSync(join(tmpdir(), 'livrea-bench-')),
      PUBLIC_URL: 'http://localhost:3000',
    });
    return dynamo;
  });
  return running;
}

/**
 * DynamoDB's partition limits in front of the bench's DynamoDB Local, one for the whole run: every
 * worker process a bench starts (its worker pool, its local product) calls through it, so what
 * DynamoDB would throttle is throttled in every figure, and its units are counted
 * (docs/architecture.md « DynamoDB's limits on the local runtime »). The set-ups a bench runs in
 * its own process write straight to DynamoDB Local: they stand for data already there.
 */
export function benchThroughput(): Promise<ThroughputProxy> {
  model ??= benchDynamo().then((dynamo) => startThroughputProxy({ upstream: dynamo.endpoint }));
  return model;
}

export async function stopBenchDynamo(): Promise<void> {
  if (model) await (await model).stop();
  model = undefined;
  if (running) await (await running).stop();
  running = undefined;
}
