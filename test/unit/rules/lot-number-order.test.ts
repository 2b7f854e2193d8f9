import { compareLotNumbers, lotOrderKey, lotSearchText } from '../../../shared/domain/lot-order';

/**
 * docs/architecture.md « Bounded answers »: the lot pages read a program's lots in the byte order
 * of their order key, which must be the French numeric collation of their numbers.
 */
const byteOrder = (a: string, b: string) => {
  const left = Buffer.from(lotOrderKey(a), 'utf8');
  const right = Buffer.from(lotOrderKey(b), 'utf8');
  return Buffer.compare(left, right);
};

describe('lot-number order (docs/architecture.md « Bounded answers »)', () => {
  it('the order key sorts lot numbers as the French numeric collation does', () => {
    const numbers = [
      'A10',
      'a2',
      'A1',
      'B1',
      '12',
      '2',
      '100',
      'C-3',
      'C3',
      'C 3',
      'É7',
      'E10',
      'Lot 9',
      'Lot 10',
      'A',
      'A1b',
      'A1a',
      'B02',
      'B1-2',
      'B1.1',
      '0',
      'Z99',
    ];
    const expected = [...numbers].sort(compareLotNumbers);
    const byKey = [...numbers].sort(byteOrder);
    expect(byKey).toEqual(expected);
  });

  it('numbers compare by value whatever their length, leading zeros aside', () => {
    expect(byteOrder('A9', 'A10')).toBeLessThan(0);
    expect(byteOrder('A099', 'A100')).toBeLessThan(0);
    expect(lotOrderKey('B02')).toBe(lotOrderKey('b2'));
  });

  it('case and accents are aside, in the order key and in the search text', () => {
    expect(lotOrderKey('École 1')).toBe(lotOrderKey('ecole 1'));
    expect(lotSearchText({ lotcomm: 'É12', nom: 'Lefèvre', firstname: 'Zoé', mailmonsieur: 'Z@X.FR' })).toBe('e12\nlefevre\nzoe\nz@x.fr');
  });

  it('the key stays far below DynamoDB’s 1,024-byte sort key however long the number', () => {
    expect(Buffer.byteLength(lotOrderKey('9'.repeat(500) + 'x'.repeat(2_000)))).toBeLessThanOrEqual(300);
  });
});
