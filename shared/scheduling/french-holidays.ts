/**
 * French public holidays for any year (part 1 §9 lists 2024–2028; computed, not listed):
 * fixed dates plus the Easter-based Lundi de Pâques, Ascension and Lundi de Pentecôte.
 */
export interface FrenchHoliday {
  date: string;
  name: string;
}

/** Easter Sunday (Gregorian, anonymous algorithm) as [month 1-12, day]. */
function easterSunday(year: number): [number, number] {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return [month, day];
}

const iso = (t: number): string => new Date(t).toISOString().slice(0, 10);

export function frenchHolidays(year: number): FrenchHoliday[] {
  const [em, ed] = easterSunday(year);
  const easter = Date.UTC(year, em - 1, ed);
  const plus = (days: number): string => iso(easter + days * 86_400_000);
  const fixed = (m: number, d: number): string => iso(Date.UTC(year, m - 1, d));
  return [
    { date: fixed(1, 1), name: "Jour de l'an" },
    { date: plus(1), name: 'Lundi de Pâques' },
    { date: fixed(5, 1), name: 'Fête du Travail' },
    { date: fixed(5, 8), name: 'Victoire 1945' },
    { date: plus(39), name: 'Ascension' },
    { date: plus(50), name: 'Lundi de Pentecôte' },
    { date: fixed(7, 14), name: 'Fête nationale' },
    { date: fixed(8, 15), name: 'Assomption' },
    { date: fixed(11, 1), name: 'Toussaint' },
    { date: fixed(11, 11), name: 'Armistice 1918' },
    { date: fixed(12, 25), name: 'Noël' },
  ].sort((a, b) => (a.date < b.date ? -1 : 1));
}

const cache = new Map<number, Map<string, string>>();

/** Name of the holiday on 'YYYY-MM-DD', or null. */
export function frenchHolidayName(date: string): string | null {
  const year = Number(date.slice(0, 4));
  let m = cache.get(year);
  if (!m) {
    m = new Map(frenchHolidays(year).map((h) => [h.date, h.name]));
    cache.set(year, m);
  }
  return m.get(date) ?? null;
}

export const isFrenchHoliday = (date: string): boolean => frenchHolidayName(date) !== null;
