// One jest run, four projects: pure rules, handlers against DynamoDB Local, the CDK stack, and
// browser journeys. DynamoDB Local is started once for the whole run (globalSetup).
const transform = {
  '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' }, module: { type: 'commonjs' } }],
};
const common = { transform, testEnvironment: 'node', transformIgnorePatterns: ['/node_modules/(?!(jose|@middy)/)'] };

module.exports = {
  testTimeout: 30_000,
  // Jest's default (cores − 1) is one worker on a 2-core machine; the journeys mostly wait on
  // Chromium and DynamoDB Local, so two files at a time keep the suite well under 20 minutes.
  maxWorkers: '100%',
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/test/unit/**/*.test.ts', '<rootDir>/shared/**/*.test.ts'] },
    { ...common, displayName: 'integration', testMatch: ['<rootDir>/test/integration/**/*.test.ts'], setupFiles: ['<rootDir>/test/support/integration-env.ts'], setupFilesAfterEnv: ['<rootDir>/test/support/integration-table.ts'] },
    { ...common, displayName: 'infra', testMatch: ['<rootDir>/test/infra/**/*.test.ts'] },
    { ...common, displayName: 'e2e', testMatch: ['<rootDir>/test/e2e/**/*.test.ts'], setupFiles: ['<rootDir>/test/support/integration-env.ts'] },
  ],
};
