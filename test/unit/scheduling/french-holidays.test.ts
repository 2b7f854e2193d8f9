import { frenchHolidays, isFrenchHoliday } from '../../../shared/scheduling/french-holidays';

describe('French public holidays (part 1 §9: listed for 2024 to 2028)', () => {
  it.each([
    [2024, '2024-04-01', '2024-05-09', '2024-05-20'],
    [2025, '2025-04-21', '2025-05-29', '2025-06-09'],
    [2026, '2026-04-06', '2026-05-14', '2026-05-25'],
    [2027, '2027-03-29', '2027-05-06', '2027-05-17'],
    [2028, '2028-04-17', '2028-05-25', '2028-06-05'],
  ])('%i: Lundi de Pâques %s, Ascension %s, Lundi de Pentecôte %s, plus the 8 fixed days', (year, easter, ascension, pentecost) => {
    const list = frenchHolidays(year);
    expect(list).toHaveLength(11);
    const byName = Object.fromEntries(list.map((h) => [h.name, h.date]));
    expect(byName['Lundi de Pâques']).toBe(easter);
    expect(byName.Ascension).toBe(ascension);
    expect(byName['Lundi de Pentecôte']).toBe(pentecost);
    for (const md of ['01-01', '05-01', '05-08', '07-14', '08-15', '11-01', '11-11', '12-25']) {
      expect(isFrenchHoliday(`${year}-${md}`)).toBe(true);
    }
    expect(isFrenchHoliday(`${year}-06-15`)).toBe(false);
  });
});
