import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root, sourceFiles } from '../architecture/source-files';

/**
 * No test sleeps a fixed time hoping that what it waits for is done by then (docs/testing.md):
 * on a loaded machine it is not, on a quiet one the time is lost. Tests wait for the event
 * (Playwright's waits, `eventually`/`until` of test/support/eventually.ts). A pause that is not a
 * wait (a crash test's random instant, a simulated step's duration, a screen's refresh period)
 * says so on the line before: `// not a wait: …`.
 */
const sleeps = [
  { what: 'a promise resolved by a timer', pattern: /new Promise[^\n]*setTimeout\(/ },
  { what: "Playwright's waitForTimeout", pattern: /\bwaitForTimeout\(/ },
  { what: 'a sleep helper', pattern: /\b(const|function)\s+sleep\b/ },
];

/** The one place that may pause: the waits themselves. */
const waitHelpers = new Set(['test/support/eventually.ts']);

function fixedSleeps(file: string): string[] {
  const lines = readFileSync(join(root, file), 'utf8').split('\n');
  return lines.flatMap((text, index) =>
    sleeps.some(({ pattern }) => pattern.test(text)) && !/\/\/ not a wait: /.test(lines[index - 1] ?? '') ? [`${file}:${index + 1}: ${text.trim()}`] : [],
  );
}

describe('tests wait for events, never a fixed time', () => {
  const testFiles = sourceFiles('test').filter((file) => !waitHelpers.has(file) && file !== 'test/unit/toolchain/no-fixed-sleeps.test.ts');

  it('the check sees the tests (a moved folder would make it pass vacuously)', () => {
    expect(testFiles.length).toBeGreaterThan(200);
    expect(testFiles).toEqual(expect.arrayContaining(['test/e2e/booking-page.test.ts', 'test/support/e2e.ts']));
  });

  it('finds a fixed sleep where one is written', () => {
    expect(sleeps.some(({ pattern }) => pattern.test('    await new Promise((resolve) => setTimeout(resolve, 250));'))).toBe(true);
    expect(sleeps.some(({ pattern }) => pattern.test('    await page.waitForTimeout(500);'))).toBe(true);
  });

  it('no test file sleeps a fixed time (wait for the event with test/support/eventually.ts)', () => {
    expect(testFiles.flatMap(fixedSleeps)).toEqual([]);
  });
});
