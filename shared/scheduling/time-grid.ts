/**
 * Europe/Paris wall time ↔ instants, at the edges only. Inside the engine a time is a day
 * ('YYYY-MM-DD', Paris) plus a minute of that day's wall clock (0..1439), or a slot index.
 * Correct across DST changes: the wall clock, not the UTC offset, defines a working day.
 */
import { tzOffset } from '@date-fns/tz';

export const PARIS_TZ = 'Europe/Paris';
const MINUTE = 60_000;
const DAY = 86_400_000;

const HM = /^([01]\d|2[0-3]):([0-5]\d)$/;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'HH:mm' → minutes since midnight (wall clock). */
export function parseHm(hm: string): number {
  const m = HM.exec(hm);
  if (!m) throw new RangeError(`Heure invalide: ${hm}`);
  return Number(m[1]) * 60 + Number(m[2]);
}

/** Minutes since midnight → 'HH:mm' (24:00 is written for the end of day). */
export function formatHm(minutes: number): string {
  const hh = Math.floor(minutes / 60);
  const mm = minutes % 60;
  return `${String(hh).padStart(2, '0')}:${String(mm).padStart(2, '0')}`;
}

function dayParts(date: string): [number, number, number] {
  const m = ISO_DAY.exec(date);
  if (!m) throw new RangeError(`Date invalide: ${date}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

/** UTC midnight of the calendar day (used as a wall-clock origin, not as an instant). */
export function wallOrigin(date: string): number {
  const [y, mo, d] = dayParts(date);
  return Date.UTC(y, mo - 1, d);
}

const isoDayCache = new Map<number, string>();

export function isoDayFromWall(wallMs: number): string {
  // Called for every visit and option: the day string is cached per UTC midnight.
  if (wallMs % DAY === 0) {
    let iso = isoDayCache.get(wallMs);
    if (iso === undefined) {
      iso = new Date(wallMs).toISOString().slice(0, 10);
      if (isoDayCache.size > 20_000) isoDayCache.clear();
      isoDayCache.set(wallMs, iso);
    }
    return iso;
  }
  return new Date(wallMs).toISOString().slice(0, 10);
}

/** Adds n calendar days to 'YYYY-MM-DD'. */
export function addDays(date: string, n: number): string {
  return isoDayFromWall(wallOrigin(date) + n * DAY);
}

const offsetCache = new Map<string, { start: number; end: number }>();

function exactWallToEpoch(wall: number): number {
  const guess = wall - tzOffset(PARIS_TZ, new Date(wall)) * MINUTE;
  return wall - tzOffset(PARIS_TZ, new Date(guess)) * MINUTE;
}

/**
 * Paris wall time (day + minute of day) → epoch ms. On days without a DST change (every
 * working day but two a year) the offset is cached per day; on change days each call is exact.
 */
export function parisWallToEpoch(date: string, minuteOfDay: number): number {
  const origin = wallOrigin(date);
  let cached = offsetCache.get(date);
  if (!cached) {
    cached = {
      start: tzOffset(PARIS_TZ, new Date(origin - 2 * 3_600_000)),
      end: tzOffset(PARIS_TZ, new Date(origin + DAY - 2 * 3_600_000)),
    };
    if (offsetCache.size > 5000) offsetCache.clear();
    offsetCache.set(date, cached);
  }
  const wall = origin + minuteOfDay * MINUTE;
  if (cached.start === cached.end) return wall - cached.start * MINUTE;
  return exactWallToEpoch(wall);
}

const hourOffsetCache = new Map<number, number>();

/** Paris UTC offset (minutes) at an instant; offsets only change on whole UTC hours, so cached per hour. */
function parisOffsetAt(epochMs: number): number {
  const hour = Math.floor(epochMs / 3_600_000);
  let off = hourOffsetCache.get(hour);
  if (off === undefined) {
    off = tzOffset(PARIS_TZ, new Date(hour * 3_600_000));
    if (hourOffsetCache.size > 100_000) hourOffsetCache.clear();
    hourOffsetCache.set(hour, off);
  }
  return off;
}

/** Epoch ms → Paris wall time. */
export function epochToParisWall(epochMs: number): { date: string; minuteOfDay: number } {
  const wall = epochMs + parisOffsetAt(epochMs) * MINUTE;
  const origin = Math.floor(wall / DAY) * DAY;
  return { date: isoDayFromWall(origin), minuteOfDay: Math.round((wall - origin) / MINUTE) };
}

/** ISO instant (or epoch ms) → epoch ms. */
export function toEpoch(instant: string | number | Date): number {
  if (typeof instant === 'number') return instant;
  if (instant instanceof Date) return instant.getTime();
  const t = Date.parse(instant);
  if (Number.isNaN(t)) throw new RangeError(`Instant invalide: ${instant}`);
  return t;
}

const WEEKDAYS = ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'];
const MONTHS = [
  'janvier', 'février', 'mars', 'avril', 'mai', 'juin',
  'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre',
];

/**
 * French label of a slot, Europe/Paris: 'lundi 7 décembre 2026 à 09:00'
 * (date-fns pattern "EEEE d MMMM yyyy 'à' HH:mm" with the fr locale; built by hand because it
 * runs for every offered option).
 */
const labelPrefixCache = new Map<string, string>();

export function frenchSlotLabel(date: string, minuteOfDay: number): string {
  let prefix = labelPrefixCache.get(date);
  if (prefix === undefined) {
    const [y, mo, d] = dayParts(date);
    const weekday = new Date(Date.UTC(y, mo - 1, d)).getUTCDay();
    prefix = `${WEEKDAYS[weekday]} ${d} ${MONTHS[mo - 1]} ${y} à `;
    if (labelPrefixCache.size > 20_000) labelPrefixCache.clear();
    labelPrefixCache.set(date, prefix);
  }
  return prefix + formatHm(minuteOfDay);
}
