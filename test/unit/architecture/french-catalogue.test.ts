import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { frenchTextsOf, type FrenchText } from './french-text';
import pending from './french-catalogue-pending.json';
import { root, sourceFiles } from './source-files';

/**
 * One catalogue for the French a user reads (shared/messages/): a text written once, imported by
 * the server's answer and the screen that shows it, cannot drift between the two, and a reviewer
 * checks the spec's exact wording in one place. This test finds French text anywhere else in
 * functions/, shared/ and web/src/ (test files excepted).
 *
 * The move is done area by area: french-catalogue-pending.json counts the French texts of each file
 * not yet moved. A file outside it may hold none; a file in it may hold no more than its count, and
 * its count is lowered as texts leave it (the test asks for that, so the list only shrinks).
 * `FRENCH_CATALOGUE_WRITE=1 npx jest test/unit/architecture/french-catalogue` rewrites the list
 * after a move (never to raise a count: the diff shows it).
 */

/** Files whose French is locale data, not a message (each with its reason). */
const allowed: Record<string, string> = {
  'shared/i18n/french-dates.ts': "date-fns patterns (« EEE d MMM yyyy 'à' HH:mm »): the French way to write a date, not a message",
  'shared/i18n/paris-dates.ts': "a date-fns pattern (« EEEE d MMMM yyyy 'à' HH:mm »), locale data as above",
  'shared/scheduling/time-grid.ts': "the French month names and « à » of the engine's instant labels: locale data",
  'shared/scheduling/french-holidays.ts': "the names of France's bank holidays (Lundi de Pâques, Noël…): calendar data",
  'shared/rules/gsm7.ts': "the GSM 7-bit alphabet (its accented letters decide an SMS part's length): a character set, not text",
};

const pendingCounts: Record<string, number> = pending;

const scanned = ['functions', 'shared', 'web/src']
  .flatMap(sourceFiles)
  .filter((file) => !/\.test\.tsx?$/.test(file) && !file.startsWith('shared/messages/') && !(file in allowed));

const found = new Map<string, FrenchText[]>();
for (const file of scanned) {
  const texts = frenchTextsOf(file, readFileSync(join(root, file), 'utf8'));
  if (texts.length > 0) found.set(file, texts);
}

const listing = (file: string) => (found.get(file) ?? []).map(({ line, text }) => `${file}:${line} « ${text} »`);

if (process.env.FRENCH_CATALOGUE_WRITE === '1') {
  const counts = Object.fromEntries([...found].sort(([a], [b]) => a.localeCompare(b)).map(([file, texts]) => [file, texts.length]));
  writeFileSync(join(__dirname, 'french-catalogue-pending.json'), `${JSON.stringify(counts, null, 2)}\n`);
}

describe('user-facing French text lives in shared/messages/', () => {
  it('the check sees the sources (a moved folder would make it pass vacuously)', () => {
    expect(scanned.length).toBeGreaterThan(300);
    expect(scanned).toEqual(expect.arrayContaining(['shared/i18n/zod-french.ts', 'functions/http/route.ts', 'web/src/main.tsx']));
  });

  it('a file not in the pending list holds no French text', () => {
    const offenders = [...found.keys()].filter((file) => !(file in pendingCounts)).flatMap(listing);
    expect(offenders).toEqual([]);
  });

  it('a pending file holds no more French text than its count', () => {
    const over = Object.keys(pendingCounts)
      .filter((file) => (found.get(file)?.length ?? 0) > pendingCounts[file])
      .flatMap((file) => [
        `${file}: ${found.get(file)?.length} French texts, ${pendingCounts[file]} allowed; move the new ones to shared/messages/`,
        ...listing(file),
      ]);
    expect(over).toEqual([]);
  });

  it('the pending list is exact: lower a count when texts leave a file, drop a file once it holds none', () => {
    const lower = Object.keys(pendingCounts)
      .filter((file) => (found.get(file)?.length ?? 0) < pendingCounts[file])
      .map((file) => `${file}: now ${found.get(file)?.length ?? 0}, listed ${pendingCounts[file]}`);
    expect(lower).toEqual([]);
  });

  it('the allow-list names files that exist and still need it', () => {
    for (const file of Object.keys(allowed)) expect(frenchTextsOf(file, readFileSync(join(root, file), 'utf8')).length).toBeGreaterThan(0);
  });
});
