import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

/**
 * Comments cite the specification's sections ('part 2 §7') or say the reason themselves: an issue
 * number means nothing to a newcomer who has no access to the tracker, while the specification is in
 * the repository's shared seeds.
 */
const root = resolve(__dirname, '../../..');
const codeFolders = ['functions', 'web/src', 'shared', 'infra', 'scripts'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(path);
    return /\.(tsx?|mjs|css)$/.test(name) ? [path] : [];
  });
}

const files = codeFolders.flatMap((folder) => sourceFiles(join(root, folder))).map((path) => relative(root, path));

describe('comments cite the specification, not the issue tracker', () => {
  it('the check sees the code (a moved folder would make it pass vacuously)', () => {
    expect(files.length).toBeGreaterThan(500);
    expect(files).toEqual(expect.arrayContaining(['functions/core/accounts/register.ts', 'web/src/main.tsx', 'infra/stacks/livrea-stack.ts']));
  });

  it("no file under functions/, web/src/, shared/, infra/ or scripts/ cites 'issue N'", () => {
    const offenders = files.flatMap((file) =>
      readFileSync(join(root, file), 'utf8')
        .split('\n')
        .flatMap((text, index) => (/\bissue \d+/i.test(text) ? [`${file}:${index + 1}: ${text.trim()}`] : [])),
    );
    expect(offenders).toEqual([]);
  });
});
