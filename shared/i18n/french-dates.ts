import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { fr } from 'date-fns/locale/fr';

/**
 * The one way staff screens write and read dates: « lun. 4 janv. 2027 » to read,
 * JJ/MM/AAAA to type, always the Europe/Paris calendar whatever the browser's zone. Days travel as
 * 'YYYY-MM-DD' (the API's format); instants as ISO strings or epoch milliseconds.
 */
const PARIS = 'Europe/Paris';
const isoDay = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Noon of a Paris day: no zone offset can move it to the day before or after. */
function parisNoon(day: string): TZDate | null {
  const match = isoDay.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const noon = new TZDate(year, month - 1, date, 12, 0, 0, PARIS);
  // new TZDate(2027, 1, 30) silently becomes 2 March: refuse days that do not exist.
  return noon.getFullYear() === year && noon.getMonth() === month - 1 && noon.getDate() === date ? noon : null;
}

/** 'YYYY-MM-DD' → « lun. 4 janv. 2027 »; anything else is returned unchanged. */
export function formatFrenchDay(day: string): string {
  const noon = parisNoon(day);
  return noon ? format(noon, 'EEE d MMM yyyy', { locale: fr }) : day;
}

/** An instant → its Paris day « lun. 4 janv. 2027 ». */
export function formatFrenchInstantDay(instant: string | number | Date): string {
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? String(instant) : format(new TZDate(date.getTime(), PARIS), 'EEE d MMM yyyy', { locale: fr });
}

/** An instant → « lun. 4 janv. 2027 à 09:30 » in Paris. */
export function formatFrenchInstant(instant: string | number | Date): string {
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? String(instant) : format(new TZDate(date.getTime(), PARIS), "EEE d MMM yyyy 'à' HH:mm", { locale: fr });
}

/** Two days → « du lun. 4 janv. au ven. 8 janv. 2027 » (the year once when both share it). */
export function formatFrenchPeriod(first: string, last: string): string {
  const start = parisNoon(first);
  const end = parisNoon(last);
  if (!start || !end) return `${first} — ${last}`;
  if (first === last) return `le ${formatFrenchDay(first)}`;
  const startPattern = start.getFullYear() === end.getFullYear() ? 'EEE d MMM' : 'EEE d MMM yyyy';
  return `du ${format(start, startPattern, { locale: fr })} au ${format(end, 'EEE d MMM yyyy', { locale: fr })}`;
}

/** 'YYYY-MM-DD' → '04/01/2027' for a date field; '' when empty or not a day. */
export function toFrenchDateInput(day: string): string {
  const noon = parisNoon(day);
  return noon ? format(noon, 'dd/MM/yyyy') : '';
}

/**
 * What a user typed in a date field → 'YYYY-MM-DD', or null when it is not a real day.
 * Accepts '04/01/2027', '4/1/2027', '04.01.2027', '04-01-2027' and the digits alone '04012027'.
 */
export function parseFrenchDateInput(text: string): string | null {
  const trimmed = text.trim();
  const match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(trimmed) ?? /^(\d{2})(\d{2})(\d{4})$/.exec(trimmed);
  if (!match) return null;
  const day = `${match[3]}-${match[2].padStart(2, '0')}-${match[1].padStart(2, '0')}`;
  return parisNoon(day) ? day : null;
}

/** date-fns pattern of a day and time where a list is read at a glance: « 04/01/2027 à 09:30 ». */
export const dayAtTimePattern = "dd/MM/yyyy 'à' HH:mm";
