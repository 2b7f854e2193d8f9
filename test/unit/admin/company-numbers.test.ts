import { generatePassword } from '../../../shared/domain/admin-users';
import { invoiceEntityCreateSchema, invoiceEntityPatchSchema } from '../../../shared/domain/invoice-entity';
import { invoiceEntityMessages } from '../../../shared/messages/admin';
import { isValidCompanyNumber, normalizeCompanyNumber } from '../../../shared/rules/company-number';

describe('part 3 §5 company numbers: one rule for creation and edit, stored normalised', () => {
  it.each([
    ['732829320', '732829320'],
    ['732 829 320', '732829320'],
    ['732.829.320', '732829320'],
    ['732 829 320 00074', '73282932000074'],
    ['732-829-320/00074', '73282932000074'],
    ['BE0123456789', 'BE0123456789'],
    ['BE 0123.456.789', 'BE0123456789'],
    ['be 0123.456.789', 'BE0123456789'],
    ['0123456789', 'BE0123456789'],
  ])('%s is accepted and stored as %s (SIREN 9 digits, SIRET 14, or (BE)0 + 9)', (typed, stored) => {
    expect(isValidCompanyNumber(typed)).toBe(true);
    expect(normalizeCompanyNumber(typed)).toBe(stored);
  });
  it.each(['73282932', '7328293201', '7328293200007', 'BE123456789', 'FR732829320', 'abcdefghi', ''])('%j is refused', (typed) => {
    expect(isValidCompanyNumber(typed)).toBe(false);
    expect(normalizeCompanyNumber(typed)).toBeNull();
  });
  it('the creation and edit schemas accept the same numbers and store them alike', () => {
    for (const typed of ['732 829 320', '732 829 320 00074', 'BE 0123.456.789']) {
      const created = invoiceEntityCreateSchema.shape.siret.safeParse(typed);
      const edited = invoiceEntityPatchSchema.shape.siret.safeParse(typed);
      expect(created.success && edited.success).toBe(true);
      expect(edited.data).toBe(created.data);
    }
    expect(invoiceEntityCreateSchema.shape.siret.safeParse('12345678').error?.issues[0].message).toBe(invoiceEntityMessages.sirenInvalid);
    expect(invoiceEntityPatchSchema.shape.siret.safeParse('12345678').error?.issues[0].message).toBe(invoiceEntityMessages.siretInvalid);
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
