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
 * The JVM of the tests' DynamoDB Local collects with one thread: on the 2-core machine its parallel
 * collector competed with the tests for the cores. It keeps Java's tiered compiler: C1 alone used
 * less CPU on a few files (40 → 19 s on three planning files), but the run's one instance lives
 * through the whole run, where the optimizing compiler pays back its compilations: the integration
 * project, 1,664 tests alone on the machine, used 382 s of Java CPU with C1 alone and 305 s with
 * both (docs/testing.md « What was cut on 30 November, night »). `npm start` keeps Java's defaults.
 */
const testJvmOptions = '-XX:+UseSerialGC';

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
