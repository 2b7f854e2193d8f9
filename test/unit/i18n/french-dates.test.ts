import {
  formatFrenchDay,
  formatFrenchInstant,
  formatFrenchInstantDay,
  formatFrenchPeriod,
  parseFrenchDateInput,
  toFrenchDateInput,
} from '../../../shared/i18n/french-dates';

describe('french dates (every date a user reads or types in staff screens is French, Europe/Paris)', () => {
  it('a day reads « lun. 4 janv. 2027 », never 2027/01/04', () => {
    expect(formatFrenchDay('2027-01-04')).toBe('lun. 4 janv. 2027');
    expect(formatFrenchDay('2026-12-25')).toBe('ven. 25 déc. 2026');
  });

  it('an instant reads as its Paris day and time, not the machine zone (TZ=UTC here)', () => {
    // 23:30 UTC on 3 January is 00:30 on Monday 4 January in Paris.
    expect(formatFrenchInstantDay('2027-01-03T23:30:00Z')).toBe('lun. 4 janv. 2027');
    expect(formatFrenchInstant('2027-01-03T23:30:00Z')).toBe('lun. 4 janv. 2027 à 00:30');
    // Summer time: UTC+2.
    expect(formatFrenchInstant('2027-07-01T07:00:00Z')).toBe('jeu. 1 juil. 2027 à 09:00');
  });

  it('a period reads « du lun. 4 janv. au ven. 8 janv. 2027 », not 2027-01-04 — 2027-01-08', () => {
    expect(formatFrenchPeriod('2027-01-04', '2027-01-08')).toBe('du lun. 4 janv. au ven. 8 janv. 2027');
    expect(formatFrenchPeriod('2026-12-28', '2027-01-08')).toBe('du lun. 28 déc. 2026 au ven. 8 janv. 2027');
    expect(formatFrenchPeriod('2027-01-04', '2027-01-04')).toBe('le lun. 4 janv. 2027');
  });

  it('a date field shows JJ/MM/AAAA and reads what is typed back as the API day', () => {
    expect(toFrenchDateInput('2027-01-04')).toBe('04/01/2027');
    expect(toFrenchDateInput('')).toBe('');
    expect(parseFrenchDateInput('04/01/2027')).toBe('2027-01-04');
    expect(parseFrenchDateInput('4/1/2027')).toBe('2027-01-04');
    expect(parseFrenchDateInput(' 04.01.2027 ')).toBe('2027-01-04');
    expect(parseFrenchDateInput('04012027')).toBe('2027-01-04');
  });

  it('a date field refuses days that do not exist and the year-first order', () => {
    expect(parseFrenchDateInput('30/02/2027')).toBeNull();
    expect(parseFrenchDateInput('2027/01/04')).toBeNull();
    expect(parseFrenchDateInput('04/13/2027')).toBeNull();
    expect(parseFrenchDateInput('')).toBeNull();
    expect(formatFrenchDay('2027-02-30')).toBe('2027-02-30');
  });
});
