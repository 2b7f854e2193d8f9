import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { isObjectId, linkUuidSchema, objectIdSchema } from '../../../shared/domain/ids';
import { availabilityRequestSchema, bookRequestSchema } from '../../../shared/domain/planning';
import { convocationAnswerSchema } from '../../../shared/domain/imposed-planning';
import { buyerVisitCreateSchema } from '../../../shared/domain/virtual-visit';

/**
 * One definition per rule: a pattern or a list written again drifts (the meeting uuid was bounded
 * `{16,64}` on the buyer's routes and `{8,64}` on the staff's). Each is written once, in shared/,
 * and the server and the web app build their checks from it.
 */
const root = resolve(__dirname, '../../..');
const codeFolders = ['functions', 'shared', 'web/src', 'infra', 'scripts'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The code lines (comments aside) where `pattern` stands, as `file:line`, outside `home`. */
function placesOf(pattern: RegExp, home: string): string[] {
  return codeFolders
    .flatMap((folder) => sourceFiles(join(root, folder)))
    .map((path) => relative(root, path))
    .filter((file) => file !== home)
    .flatMap((file) =>
      readFileSync(join(root, file), 'utf8')
        .split('\n')
        .flatMap((text, index) => (pattern.test(text) && !/^\s*(\/\/|\*|\/\*)/.test(text) ? [`${file}:${index + 1}`] : [])),
    );
}

describe('one definition per rule', () => {
  it('the 24-hex record id pattern is written only in shared/domain/ids.ts', () => {
    expect(placesOf(/a-f0-9\]\{24\}|0-9a-f\]\{24\}/, 'shared/domain/ids.ts')).toEqual([]);
  });

  it('the link uuid pattern is written only in shared/domain/ids.ts', () => {
    expect(placesOf(/\[A-Za-z0-9_-\]\{(8|16),64\}/, 'shared/domain/ids.ts')).toEqual([]);
  });

  it('the staff roles tuple is written only in shared/domain/roles.ts', () => {
    expect(placesOf(/'administrator',\s*'promoter',\s*'amo'\s*\]/, 'shared/domain/roles.ts')).toEqual([]);
  });

  it("the spec's 'Rendez-vous non trouvé' is written once, in the booking catalogue shared/messages/booking.ts", () => {
    expect(placesOf(/['"]Rendez-vous non trouvé['"]/, 'shared/messages/booking.ts')).toEqual([]);
  });

  it("the specification's messages are objects of one catalogue per area under shared/messages/, never in a logic file", () => {
    // visitFailureMessages builds a sentence from a catalogue text and the API's error: a
    // formatter, not a catalogue.
    const formatters = ['web/src/pages/virtual-visits/visit-failure-messages.ts'];
    const outside = placesOf(/\bconst \w*Messages\s*=\s*\{/, '').filter(
      (place) => !place.startsWith('shared/messages/') && !formatters.some((file) => place.startsWith(`${file}:`)),
    );
    expect(outside).toEqual([]);
  });

  it('a record id is 24 lowercase hexadecimal characters', () => {
    expect(isObjectId('0123456789abcdef01234567')).toBe(true);
    expect(isObjectId('0123456789ABCDEF01234567')).toBe(false);
    expect(objectIdSchema('Planning non trouvé').safeParse('nope').error?.issues[0].message).toBe('Planning non trouvé');
  });

  it('one link uuid bound for buyers and staff: every issued uuid (legacy 12 characters, new 24) passes, 7 or 65 characters do not', () => {
    const uuid = linkUuidSchema('Rendez-vous non trouvé');
    expect(uuid.safeParse('abcdefghijkl').success).toBe(true);
    expect(uuid.safeParse('A'.repeat(24)).success).toBe(true);
    expect(uuid.safeParse('A'.repeat(7)).error?.issues[0].message).toBe('Rendez-vous non trouvé');
    expect(uuid.safeParse('A'.repeat(65)).success).toBe(false);
    expect(uuid.safeParse('abc/../def').success).toBe(false);
  });

  it('the bodies carrying a link uuid (booking, availability, convocation answer, buyer 3D visit) take the bound of the paths', () => {
    const fields = [
      bookRequestSchema.shape.usr,
      availabilityRequestSchema.shape.uuid,
      convocationAnswerSchema.shape.usr,
      buyerVisitCreateSchema.shape.meetingUuid,
    ];
    for (const field of fields) {
      expect(field.safeParse('abcdefghijkl').success).toBe(true); // a legacy 12-character uuid, accepted by the path check
      expect(field.safeParse('A'.repeat(24)).success).toBe(true);
      expect(field.safeParse('A'.repeat(7)).error?.issues[0].message).toBe('Rendez-vous non trouvé');
      expect(field.safeParse('abc/../def').success).toBe(false);
    }
  });
});
