import { tz } from '@date-fns/tz';
import { format } from 'date-fns/format';
import { fr } from 'date-fns/locale/fr';

/**
 * Pure date rules of the public booking page (part 1 §2, §9): every date in Europe/Paris whatever
 * the phone's zone, in French. Only the date-fns functions used here are imported (light page).
 */
export const PARIS = 'Europe/Paris';
/** Buyer slot pages: 5 days per page (part 1 §9). */
export const DAYS_PER_PAGE = 5;

const inParis = tz(PARIS);

function parisFormat(instant: string | number | Date, pattern: string): string {
  return format(instant, pattern, { in: inParis, locale: fr });
}

/** A slot option as the scheduling engine offers it (part 1 §3 'Slot option'). */
export interface SlotOption {
  startDate: string;
  endDate: string;
  amoNb: number;
  label: string;
}

export interface SlotTime<T extends SlotOption = SlotOption> {
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
  return parisFormat(instant, 'yyyy-MM-dd');
}

/** 'HH:mm' in Paris. */
export function parisTime(instant: string | number | Date): string {
  return parisFormat(instant, 'HH:mm');
}

/** 'lundi 7 décembre 2026'. */
export function parisLongDate(instant: string | number | Date): string {
  return parisFormat(instant, 'EEEE d MMMM yyyy');
}

/** 'lundi 7 décembre à 09:00'. */
export function parisSlotLabel(instant: string | number | Date): string {
  return parisFormat(instant, "EEEE d MMMM 'à' HH:mm");
}

/** 'lundi 7 décembre 2026 à 18:00' (booking deadline). */
export function parisDateTime(instant: string | number | Date): string {
  return parisFormat(instant, "EEEE d MMMM yyyy 'à' HH:mm");
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
      day = { key, label: parisFormat(at, 'EEEE d MMMM'), weekday: parisFormat(at, 'EEE'), dayMonth: parisFormat(at, 'd MMM'), times: [] };
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
