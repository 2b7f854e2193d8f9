/**
 * Pure date rules of the public booking page (part 1 §2, §9): every date in Europe/Paris whatever
 * the phone's zone, in French. The browser's own Intl formats them: no date library nor locale
 * file on the buyer's page (it must load fast on a phone), and the same words as date-fns' French locale.
 */
import { bookingPageMessages } from '../../../../shared/messages/booking-page';

const PARIS = 'Europe/Paris';
/** Buyer slot pages: 5 days per page (part 1 §9). */
export const DAYS_PER_PAGE = 5;

const parisParts = new Intl.DateTimeFormat('fr-FR', {
  timeZone: PARIS,
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  weekday: 'long',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const shortParts = new Intl.DateTimeFormat('fr-FR', { timeZone: PARIS, month: 'short', weekday: 'short' });
const monthNumber = new Intl.DateTimeFormat('en-CA', { timeZone: PARIS, year: 'numeric', month: '2-digit', day: '2-digit' });

interface ParisParts {
  weekday: string;
  day: string;
  month: string;
  year: string;
  hour: string;
  minute: string;
}

function partsOf(format: Intl.DateTimeFormat, instant: string | number | Date): Record<string, string> {
  return Object.fromEntries(format.formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
}

function paris(instant: string | number | Date): ParisParts {
  const { weekday, day, month, year, hour, minute } = partsOf(parisParts, instant);
  return { weekday, day, month, year, hour, minute };
}

/** 'HH:mm'. */
const hm = (parts: ParisParts) => `${parts.hour}:${parts.minute}`;

/** A slot option as the scheduling engine offers it (part 1 §3 'Slot option'). */
export interface SlotOption {
  startDate: string;
  endDate: string;
  amoNb: number;
  label: string;
}

interface SlotTime<T extends SlotOption = SlotOption> {
  /** 'HH:mm', Paris. */
  time: string;
  option: T;
}

/** The options of one Paris calendar day. */
export interface SlotDay<T extends SlotOption = SlotOption> {
  /** 'yyyy-MM-dd', Paris. */
  key: string;
  /** 'lundi 7 décembre'. */
  label: string;
  /** 'lun.', '7 déc.' for narrow columns. */
  weekday: string;
  dayMonth: string;
  times: SlotTime<T>[];
}

/** 'yyyy-MM-dd' of the instant in Paris. */
export function parisDayKey(instant: string | number | Date): string {
  // en-CA writes dates as 'yyyy-MM-dd'.
  return monthNumber.format(new Date(instant));
}

/** 'HH:mm' in Paris. */
export function parisTime(instant: string | number | Date): string {
  return hm(paris(instant));
}

/** 'lundi 7 décembre 2026'. */
export function parisLongDate(instant: string | number | Date): string {
  const parts = paris(instant);
  return `${parts.weekday} ${parts.day} ${parts.month} ${parts.year}`;
}

/** 'lundi 7 décembre à 09:00'. */
export function parisSlotLabel(instant: string | number | Date): string {
  const parts = paris(instant);
  return bookingPageMessages.dayAtTime(`${parts.weekday} ${parts.day} ${parts.month}`, hm(parts));
}

/** 'lundi 7 décembre 2026 à 18:00' (booking deadline). */
export function parisDateTime(instant: string | number | Date): string {
  const parts = paris(instant);
  return bookingPageMessages.dayAtTime(`${parts.weekday} ${parts.day} ${parts.month} ${parts.year}`, hm(parts));
}

/**
 * Options grouped by Paris day, days and times in order. Several options at the same instant
 * (one per AMO) show as one time: the buyer picks a time, the first AMO offered takes it.
 */
export function groupOptionsByParisDay<T extends SlotOption>(options: readonly T[]): SlotDay<T>[] {
  const sorted = [...options].sort((a, b) => Date.parse(a.startDate) - Date.parse(b.startDate) || a.amoNb - b.amoNb);
  const days: SlotDay<T>[] = [];
  const seen = new Set<number>();
  for (const option of sorted) {
    const at = Date.parse(option.startDate);
    if (Number.isNaN(at) || seen.has(at)) continue;
    seen.add(at);
    const key = parisDayKey(at);
    let day = days[days.length - 1];
    if (!day || day.key !== key) {
      const parts = paris(at);
      const short = partsOf(shortParts, at);
      day = { key, label: `${parts.weekday} ${parts.day} ${parts.month}`, weekday: short.weekday, dayMonth: `${parts.day} ${short.month}`, times: [] };
      days.push(day);
    }
    day.times.push({ time: parisTime(at), option });
  }
  return days;
}

/** Number of pages of `perPage` days (at least 1, so that an empty list still has a page). */
export function pageCount(dayCount: number, perPage = DAYS_PER_PAGE): number {
  return Math.max(1, Math.ceil(dayCount / perPage));
}

/** The page index, kept inside [0, pageCount - 1]. */
export function clampPage(page: number, dayCount: number, perPage = DAYS_PER_PAGE): number {
  return Math.min(Math.max(0, Math.trunc(page) || 0), pageCount(dayCount, perPage) - 1);
}

/** The days shown on `page` (0-based). */
export function daysOfPage<T>(days: readonly T[], page: number, perPage = DAYS_PER_PAGE): T[] {
  const index = clampPage(page, days.length, perPage);
  return days.slice(index * perPage, index * perPage + perPage);
}

/** The page holding the day `key`, or 0 when it is gone (after fresh slots arrive). */
export function pageOfDay(days: readonly { key: string }[], key: string | undefined, perPage = DAYS_PER_PAGE): number {
  const index = key ? days.findIndex((day) => day.key === key) : -1;
  return index < 0 ? 0 : Math.floor(index / perPage);
}

/** A visit length in ms as French text: '45 min', '1 h', '1 h 30' (no-break spaces: never split). */
export function formatDuration(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 60) return `${minutes}\u00a0min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? `${hours}\u00a0h\u00a0${String(rest).padStart(2, '0')}` : `${hours}\u00a0h`;
}

/** 'lundi …' → 'Lundi …'. */
export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
