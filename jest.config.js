// One jest run, four projects: pure rules, handlers against DynamoDB Local, the CDK stack, and
// browser journeys. Each project starts only what it needs, in its own globalSetup, which jest runs
// only when one of the project's files is selected: unit and infra start nothing, integration
// starts DynamoDB Local, e2e builds the SPA when it is stale and starts DynamoDB Local (one
// instance for the whole run: test/support/setup/dynamodb.ts).
// `npm test` runs jest under `node --experimental-async-context-frame` (Node 24's default):
// jest-circus makes an AsyncLocalStorage in each test file's module registry and never disables it,
// and on Node 22 each one copies its store into every promise, timer and socket the worker creates
// afterwards, so each file a worker runs pays for the ones before it (the integration workers'
// profiles: 36 of 750 s). And with `--max-semi-space-size=64` (a young generation of 2 × 64 MB,
// above the one V8 sizes from the heap limit): the collector was 71 of those 750 s, and 24
// integration files in one process collected for 4.8 s instead of 7.9 (docs/testing.md « What was
// cut on 30 November, night »). Jest's workers inherit both flags.
// es2024: all that Node 22 (package.json engines) runs as is, so swc rewrites only the TypeScript.
const transform = {
  '^.+\\.(t|j)sx?$': [
    '@swc/jest',
    { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2024' }, module: { type: 'commonjs' } },
  ],
};
const common = { transform, testEnvironment: 'node', transformIgnorePatterns: ['/node_modules/(?!(jose|@middy)/)'] };
const withDynamoDb = { setupFiles: ['<rootDir>/test/support/integration-env.ts'], globalTeardown: '<rootDir>/test/support/setup/teardown.ts' };

module.exports = {
  // A ceiling, not a figure: a test of a few seconds alone took more than 30 s beside other runs at
  // load 20–25 on the 2-core machine; a minute tells a stuck test from a slow one (the browser
  // journeys' own waits stay at 20 s, below it, so a missing element is still reported as such).
  testTimeout: 60_000,
  // Three files at a time on the 2-core machine (jest's default, cores − 1, would be one): a file
  // keeps about 0.65 (browser journeys) to 0.8 (integration) of a core busy, the rest is waiting on
  // Chromium, DynamoDB Local, leases and polling, so a third file fills the idle time (the last CI
  // run, at two, took 17.6 minutes of a 20-minute budget). `npm test -- -w 2` goes back to two.
  // A number, not '150%': jest reads a percentage above 100 as a plain count (150 workers).
  maxWorkers: Math.max(2, Math.floor(require('node:os').availableParallelism() * 1.5)),
  // A worker that loaded the CDK or the whole product can take more than jest's 500 ms to exit on a
  // loaded machine: jest then killed it and printed "failed to exit gracefully" (an infra file and
  // a unit file: 1 run of 2 at 500 ms, none of 3 at 5 s, the runs no longer). A worker that really
  // keeps a handle open is still killed after 5 s and reported.
  workerGracefulExitTimeout: 5_000,
  testSequencer: '<rootDir>/test/support/slow-first-sequencer.js',
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/test/unit/**/*.test.ts', '<rootDir>/shared/**/*.test.ts'] },
    {
      ...common,
      ...withDynamoDb,
      displayName: 'integration',
      testMatch: ['<rootDir>/test/integration/**/*.test.ts'],
      globalSetup: '<rootDir>/test/support/setup/integration.ts',
      setupFiles: [...withDynamoDb.setupFiles, '<rootDir>/test/support/integration-throughput.ts'],
      setupFilesAfterEnv: ['<rootDir>/test/support/integration-table.ts'],
    },
    { ...common, displayName: 'infra', testMatch: ['<rootDir>/test/infra/**/*.test.ts'] },
    {
      ...common,
      ...withDynamoDb,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/e2e/**/*.test.ts'],
      globalSetup: '<rootDir>/test/support/setup/e2e.ts',
      setupFilesAfterEnv: ['<rootDir>/test/support/e2e-retry.ts'],
    },
  ],
};
