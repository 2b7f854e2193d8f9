import { consolidationRefusal } from '../../../shared/exports/consolidation-rule';
import { decodePrintSegment, parsePrintSpec } from '../../../shared/exports/print-spec';
import { resolvePrintUuids } from '../../../shared/exports/print-uuids';

describe('consolidation (part 2 §5 Consolidation)', () => {
  it("plannings of different types: 'Veuillez selectionner des plannings de même type'", () => {
    expect(consolidationRefusal(['promoter', 'promoterImpose'])).toBe('Veuillez selectionner des plannings de même type');
  });
  it('drafts cannot be consolidated', () => {
    expect(consolidationRefusal(['promoter', 'draft'])).toBe('Les brouillons ne peuvent pas être consolidés.');
    expect(consolidationRefusal(['draftImpose'])).toBe('Les brouillons ne peuvent pas être consolidés.');
  });
  it('plannings of one type are consolidated, free or imposed', () => {
    expect(consolidationRefusal(['promoter', 'promoter'])).toBeNull();
    expect(consolidationRefusal(['promoterImpose', 'promoterImpose'])).toBeNull();
  });
});

describe('print path (part 1 §7 GET /rdv/{uuids}--{layout}--{phase info}[--showFM][--{n}amoNb]/print)', () => {
  it('reads uuids joined by &, the layout, the view, --showFM and --{n}amoNb', () => {
    expect(parsePrintSpec('aaaaaaaa-b_cc--dd&eeeeeeeeeeee--lotTypo--month--showFM--2amoNb')).toEqual({
      uuids: ['aaaaaaaa-b_cc--dd', 'eeeeeeeeeeee'],
      format: 'lotTypo',
      view: 'month',
      showFreeMeetings: true,
      amoNb: 2,
    });
    expect(parsePrintSpec('aaaaaaaaaaaa--nameLot--week')).toEqual({
      uuids: ['aaaaaaaaaaaa'],
      format: 'nameLot',
      view: 'week',
      showFreeMeetings: false,
      amoNb: null,
    });
  });
  it('an unknown layout or a malformed uuid is no print', () => {
    expect(parsePrintSpec('aaaaaaaaaaaa--lotPrice--week')).toBeNull();
    expect(parsePrintSpec('aa<b>aaaaaaaa--lot--week')).toBeNull();
  });
  it("the segment reads the same whether the path parameter comes percent-decoded (API Gateway) or with '&' still %26 (local dispatcher)", () => {
    const segment = 'aaaaaaaaaaaa&bbbbbbbbbbbb--lotTypo--week';
    expect(decodePrintSegment(segment)).toBe(segment);
    expect(decodePrintSegment('aaaaaaaaaaaa%26bbbbbbbbbbbb--lotTypo--week')).toBe(segment);
    expect(parsePrintSpec(decodePrintSegment('aaaaaaaaaaaa%26bbbbbbbbbbbb--lotTypo--week'))?.uuids).toEqual(['aaaaaaaaaaaa', 'bbbbbbbbbbbb']);
    expect(decodePrintSegment('aaaaaaaaaaaa%E0%A4%A--lotTypo--week')).toBe('aaaaaaaaaaaa%E0%A4%A--lotTypo--week');
  });
});

describe("uuids joined by '-' (part 1 §7 'uuid list joined by & or -')", () => {
  // Base64url uuids hold '-' themselves: the plannings that exist decide where the list is cut.
  const plannings = new Set(['abc-defghijklmnopqrstuvw', 'ABCDEFGHIJKL-NOPQRSTUVWX', 'short-12345', 'zzzzzzzzzzzz']);
  const exists = async (uuid: string) => plannings.has(uuid);

  it('cuts a dash-joined list where every part names a planning, even when the uuids hold dashes', async () => {
    expect(await resolvePrintUuids(['abc-defghijklmnopqrstuvw-ABCDEFGHIJKL-NOPQRSTUVWX-zzzzzzzzzzzz'], exists)).toEqual([
      'abc-defghijklmnopqrstuvw',
      'ABCDEFGHIJKL-NOPQRSTUVWX',
      'zzzzzzzzzzzz',
    ]);
    expect(await resolvePrintUuids(['zzzzzzzzzzzz', 'short-12345'], exists)).toEqual(['zzzzzzzzzzzz', 'short-12345']);
  });

  it('one uuid with dashes is that planning; a list with a part naming no planning is no print', async () => {
    expect(await resolvePrintUuids(['abc-defghijklmnopqrstuvw'], exists)).toEqual(['abc-defghijklmnopqrstuvw']);
    expect(await resolvePrintUuids(['zzzzzzzzzzzz-inconnu12345'], exists)).toBeNull();
  });

  it('a long run of dashes costs a bounded number of look-ups', async () => {
    let lookups = 0;
    const counting = async () => {
      lookups += 1;
      return false;
    };
    expect(await resolvePrintUuids([Array.from({ length: 400 }, () => 'abc').join('-')], counting)).toBeNull();
    expect(lookups).toBeLessThanOrEqual(120);
  });
});
