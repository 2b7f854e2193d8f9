import { startDynamoDbLocal, type RunningDynamoDb } from '../../../infra/local/dynamodb-local';

/**
 * DynamoDB Local (Java), started once per run however many projects ask for it. Jest runs the
 * globalSetup of each project that has a selected test file (and only those), one after the other
 * in its own process, before any worker starts: the first starts it, the next finds it on
 * `globalThis`, and the workers inherit its endpoint through the environment. A run of unit or infra
 * files alone never starts Java.
 */
const run = globalThis as { __livreaDynamo?: Promise<RunningDynamoDb> };

/**
 * The JVM of the tests' DynamoDB Local compiles with C1 only and collects with one thread: on the
 * 2-core machine its optimizing compiler and parallel collector competed with the tests for the
 * cores. Measured on the same integration files (one run each, shared machine): DynamoDB Local
 * used 40 → 19 s of CPU on three planning files and 67 → 49 s on the isolation matrix and the
 * bulk-wave crash test, for the same results. `npm start` keeps Java's defaults.
 */
const testJvmOptions = '-XX:TieredStopAtLevel=1 -XX:+UseSerialGC';

export async function ensureDynamoDbLocal(): Promise<void> {
  // Five minutes, not `npm start`'s 60 s: beside other runs at load 25 on the 2-core machine, Java
  // took more than a minute to answer, and the whole run was lost in its globalSetup.
  run.__livreaDynamo ??= withJvmOptions(testJvmOptions, () => startDynamoDbLocal({ startupLimitMs: 300_000 }));
  process.env.DYNAMODB_ENDPOINT = (await run.__livreaDynamo).endpoint;
}

/** Runs `start` with `options` added to JAVA_TOOL_OPTIONS (read by the JVM it spawns), then restores them. */
async function withJvmOptions<T>(options: string, start: () => Promise<T>): Promise<T> {
  const before = process.env.JAVA_TOOL_OPTIONS;
  process.env.JAVA_TOOL_OPTIONS = before ? `${before} ${options}` : options;
  try {
    // The JVM is spawned after an await inside `start`: the options stay set until it is up.
    return await start();
  } finally {
    if (before === undefined) delete process.env.JAVA_TOOL_OPTIONS;
    else process.env.JAVA_TOOL_OPTIONS = before;
  }
}

export async function stopDynamoDbLocal(): Promise<void> {
  const dynamo = run.__livreaDynamo;
  run.__livreaDynamo = undefined;
  await (await dynamo)?.stop();
}
