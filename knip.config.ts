// knip (`npm run lint`): files nothing imports, dependencies nothing uses, exports nobody imports.
// Its plugins read jest.config.js (test files, setup files, the sequencer), eslint.config.mjs and
// the SPA's vite config; the entries below are what they cannot know: the Lambdas' handlers
// (infra/constructs/livrea-function.ts `entryOf`), the CDK app (cdk.json), the local runtime's
// commands and its worker (forked by path), the SPA's two pages, the scripts and the benches' probe
// (run by path), the demo template's seed (spawned by test/support/demo-template.ts) and the
// key-file race's processes (spawned by test/unit/adapters/file-secret-provider.test.ts).
import type { KnipConfig } from 'knip';

const config: KnipConfig = {
  entry: [
    'functions/*/handler.ts',
    'infra/app.ts',
    'infra/local/{start,seed-big-demo,worker}.ts',
    'web/src/{main,booking-main}.tsx',
    'scripts/*.{ts,mjs}',
    'scripts/bench/cold-start-probe.ts',
    'test/support/seed-demo-template.ts',
    'test/support/key-file-racer.ts',
  ],
  project: ['{functions,shared,infra,scripts,test}/**/*.{ts,js,mjs}', 'web/**/*.{ts,tsx}'],
  vite: { config: ['web/vite.config.ts'] },
  // madge is required inside the script that import-cycles.test.ts runs in a plain node process.
  ignoreDependencies: ['madge'],
  // Debian packages that .ci/run installs: DynamoDB Local's Java, poppler's PDF tools, LibreOffice.
  ignoreBinaries: ['java', 'pdftoppm', 'pdftotext', 'pdfinfo', 'soffice'],
};

export default config;
