import { generatePassword } from '../../../shared/domain/admin-users';
import { isValidSiren, isValidSiret } from '../../../shared/domain/invoice-entity';

describe('part 3 §5 company numbers', () => {
  it.each(['732829320', '732 829 320', '732.829.320', 'BE0123456789', 'be 0123.456.789', '0123456789'])('SIREN %s is accepted (9 digits, or (BE)0 + 9)', (value) => {
    expect(isValidSiren(value)).toBe(true);
  });
  it.each(['73282932', '7328293201', 'BE123456789', 'FR732829320', 'abcdefghi'])('SIREN %s is refused', (value) => {
    expect(isValidSiren(value)).toBe(false);
  });
  it('SIRET is 14 digits', () => {
    expect(isValidSiret('732 829 320 00074')).toBe(true);
    expect(isValidSiret('732829320')).toBe(false);
  });
});

describe('part 3 §9 generated password', () => {
  it('has 10 characters by default, drawn from the alphabet', () => {
    let seed = 0;
    const password = generatePassword((max) => (seed++ * 7) % max);
    expect(password).toHaveLength(10);
    expect(password).toMatch(/^[a-zA-Z2-9]{10}$/);
  });
});
