import { startDynamoDbLocal, type RunningDynamoDb } from '../../../infra/local/dynamodb-local';

/**
 * DynamoDB Local (Java), started once per run however many projects ask for it. Jest runs the
 * globalSetup of each project that has a selected test file (and only those), one after the other
 * in its own process, before any worker starts: the first starts it, the next finds it on
 * `globalThis`, and the workers inherit its endpoint through the environment. A run of unit or infra
 * files alone never starts Java.
 */
const run = globalThis as { __livreaDynamo?: Promise<RunningDynamoDb> };

export async function ensureDynamoDbLocal(): Promise<void> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  run.__livreaDynamo ??= startDynamoDbLocal();
  process.env.DYNAMODB_ENDPOINT = (await run.__livreaDynamo).endpoint;
}

export async function stopDynamoDbLocal(): Promise<void> {
  const dynamo = run.__livreaDynamo;
  run.__livreaDynamo = undefined;
  await (await dynamo)?.stop();
}
