import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDynamoDbLocal, type RunningDynamoDb } from '../../infra/local/dynamodb-local';

let running: Promise<RunningDynamoDb> | undefined;

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

export async function stopBenchDynamo(): Promise<void> {
  if (running) await (await running).stop();
  running = undefined;
}
