import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleIfStale } from '../../../infra/local/local-bundle';

// Each build runs esbuild, and each check runs the bundle, in a process of its own.
jest.setTimeout(60_000);

/**
 * The local runtime runs its entry points bundled (infra/local/local-bundle.ts): a project of two
 * source files, its bundle run by node as the worker pool and the crash tests' runtime run theirs.
 */
let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'livrea-bundle-'));
  writeFileSync(join(root, 'package.json'), '{ "private": true }');
  writeFileSync(join(root, 'tsconfig.json'), '{}');
  writeFileSync(join(root, 'entry.ts'), "import { answer } from './answer';\n\nconsole.log(answer());\n");
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function run(bundle: string): { stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, ['--enable-source-maps', bundle], { encoding: 'utf8' });
  return { stdout: result.stdout.trim(), stderr: result.stderr };
}

describe('the local runtime runs a bundle of its sources, built again when they change', () => {
  it('a start after a source edit runs the edited code', () => {
    writeFileSync(join(root, 'answer.ts'), "export const answer = (): string => 'avant';\n");
    expect(run(bundleIfStale(root, 'entry.ts', 'entry')).stdout).toBe('avant');

    writeFileSync(join(root, 'answer.ts'), "export const answer = (): string => 'après la modification';\n");
    expect(run(bundleIfStale(root, 'entry.ts', 'entry')).stdout).toBe('après la modification');
  });

  it('sources left unchanged start from the bundle already built', () => {
    writeFileSync(join(root, 'answer.ts'), "export const answer = (): string => 'inchangé';\n");
    const first = bundleIfStale(root, 'entry.ts', 'entry');
    expect(bundleIfStale(root, 'entry.ts', 'entry')).toBe(first);
    expect(run(first).stdout).toBe('inchangé');
  });

  it("a stack trace names the source's .ts file and line, not the bundle's", () => {
    writeFileSync(join(root, 'answer.ts'), "export function answer(): string {\n  throw new Error('cassé');\n}\n");
    expect(run(bundleIfStale(root, 'entry.ts', 'entry')).stderr).toMatch(/at answer \(.*answer\.ts:2:\d+\)/);
  });
});
