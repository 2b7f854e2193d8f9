import { consolidationRefusal } from '../../../shared/exports/consolidation-rule';
import { parsePrintSpec } from '../../../shared/exports/print-spec';

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
    expect(parsePrintSpec('aaaaaaaaaaaa--nameLot--week')).toEqual({ uuids: ['aaaaaaaaaaaa'], format: 'nameLot', view: 'week', showFreeMeetings: false, amoNb: null });
  });
  it('an unknown layout or a malformed uuid is no print', () => {
    expect(parsePrintSpec('aaaaaaaaaaaa--lotPrice--week')).toBeNull();
    expect(parsePrintSpec('aa<b>aaaaaaaa--lot--week')).toBeNull();
  });
});
