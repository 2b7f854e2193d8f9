import { titleFormats, titleParts, visitTitle } from '../../../shared/exports/title-format';

const buyer = { lotcomm: 'A101', nom: 'Durand', typologie: '3P', telephonemonsieur: '0612345678' };

describe('print title formats (part 2 §9, part 1 §9)', () => {
  it('the 15 formats of part 2 §9, each distinct', () => {
    expect(titleFormats).toHaveLength(15);
    expect(new Set(titleFormats.map((format) => visitTitle(format, buyer))).size).toBe(15);
  });

  it.each([
    ['nameTypo', 'Durand - 3P'],
    ['lot', 'A101'],
    ['typo', '3P'],
    ['name', 'Durand'],
    ['lotTypo', 'A101 - 3P'],
    ['typoNameLot', '3P - Durand - A101'],
    ['lotNameTypoTel', 'A101 - Durand - 3P - 0612345678'],
  ] as const)('%s titles a visit as %s', (format, title) => {
    expect(visitTitle(format, buyer)).toBe(title);
  });

  it('every format is made of lot, name, typo and tel only', () => {
    for (const format of titleFormats) expect(titleParts(format).every((part) => ['lot', 'name', 'typo', 'tel'].includes(part))).toBe(true);
  });
});
