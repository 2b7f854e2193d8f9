import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { frenchTextsOf, type FrenchText } from './french-text';
import { root, sourceFiles } from './source-files';

/**
 * One catalogue for the French a user reads (shared/messages/): a text written once, imported by
 * the server's answer and the screen that shows it, cannot drift between the two, and a reviewer
 * checks the spec's exact wording in one place. This test finds French text anywhere else in
 * functions/, shared/ and web/src/ (test files excepted). French that is a value rather than a
 * message (a stored status, an address segment) is declared so where it is written (french-text.ts).
 */

/** Files whose French is locale data, not a message (each with its reason). */
const allowed: Record<string, string> = {
  'shared/i18n/french-dates.ts': "date-fns patterns (« EEE d MMM yyyy 'à' HH:mm »): the French way to write a date, not a message",
  'shared/i18n/paris-dates.ts': "a date-fns pattern (« EEEE d MMMM yyyy 'à' HH:mm »), locale data as above",
  'shared/scheduling/time-grid.ts': "the French month names and « à » of the engine's instant labels: locale data",
  'shared/scheduling/french-holidays.ts': "the names of France's bank holidays (Lundi de Pâques, Noël…): calendar data",
  'shared/rules/gsm7.ts': "the GSM 7-bit alphabet (its accented letters decide an SMS part's length): a character set, not text",
};

const scanned = ['functions', 'shared', 'web/src']
  .flatMap(sourceFiles)
  .filter((file) => !/\.test\.tsx?$/.test(file) && !file.startsWith('shared/messages/') && !(file in allowed));

const found = new Map<string, FrenchText[]>();
for (const file of scanned) {
  const texts = frenchTextsOf(file, readFileSync(join(root, file), 'utf8'));
  if (texts.length > 0) found.set(file, texts);
}

const listing = (file: string) => (found.get(file) ?? []).map(({ line, text }) => `${file}:${line} « ${text} »`);

describe('user-facing French text lives in shared/messages/', () => {
  it('the check sees the sources (a moved folder would make it pass vacuously)', () => {
    expect(scanned.length).toBeGreaterThan(300);
    expect(scanned).toEqual(expect.arrayContaining(['shared/i18n/zod-french.ts', 'functions/http/route.ts', 'web/src/main.tsx']));
  });

  it('no source file outside shared/messages/ holds French text', () => {
    expect([...found.keys()].flatMap(listing)).toEqual([]);
  });

  it('the allow-list names files that exist and still need it', () => {
    for (const file of Object.keys(allowed)) expect(frenchTextsOf(file, readFileSync(join(root, file), 'utf8')).length).toBeGreaterThan(0);
  });
});
