import { execFileSync } from 'node:child_process';
import { root } from './source-files';

/**
 * No import cycle in the product: a cycle makes a module's value undefined at load time depending
 * on which file is loaded first (the dispatcher once imported its runners, and two runners imported
 * the dispatcher back), and tangles layers that should read top-down. Type-only imports are left
 * out: they vanish at compile time and load nothing.
 *
 * madge's API runs in a plain node process: inside jest's module registry, loading the TypeScript
 * compiler it parses with takes a minute instead of a few seconds. It reads some 660 files: 9 s on
 * a quiet machine, about a minute when the 2 cores are shared by a full test run, hence the timeout.
 */
const graphScript = `
const madge = require('madge');
madge(['functions', 'shared', 'web/src', 'infra'], {
  baseDir: process.cwd(),
  fileExtensions: ['ts', 'tsx'],
  tsConfig: 'tsconfig.json',
  excludeRegExp: [/node_modules/, /\\.d\\.ts$/],
  detectiveOptions: { ts: { skipTypeImports: true }, tsx: { skipTypeImports: true } },
}).then((graph) => process.stdout.write(JSON.stringify({ files: Object.keys(graph.obj()), circular: graph.circular() })));
`;

describe('import cycles', () => {
  it('madge --circular finds none in functions/, shared/, web/src and infra/', () => {
    const { files, circular } = JSON.parse(
      execFileSync(process.execPath, ['-e', graphScript], { cwd: root, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 }),
    ) as { files: string[]; circular: string[][] };
    // The graph holds the product (a wrong folder or extension list would find no file, and no cycle).
    expect(files.length).toBeGreaterThan(500);
    expect(files).toEqual(
      expect.arrayContaining([
        'functions/core/jobs/dispatch-job.ts',
        'functions/dispatch/handler.ts',
        'web/src/main.tsx',
        'infra/app.ts',
        'shared/domain/roles.ts',
      ]),
    );
    expect(circular).toEqual([]);
  }, 180_000);
});
