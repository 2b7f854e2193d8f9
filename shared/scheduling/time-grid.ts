/**
 * Europe/Paris wall time ↔ instants, at the edges only. Inside the engine a time is a day
 * ('YYYY-MM-DD', Paris) plus a minute of that day's wall clock (0..1439), or a slot index.
 * Correct across DST changes: the wall clock, not the UTC offset, defines a working day.
 */
import { tzOffset } from '@date-fns/tz';

const PARIS_TZ = 'Europe/Paris';
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

function buildHm(minutes: number): string {
  const hh = Math.floor(minutes / 60);
  const mm = minutes % 60;
  return `${String(hh).padStart(2, '0')}:${String(mm).padStart(2, '0')}`;
}

/**
 * 'HH:mm' of every minute of a day, 24:00 included, built at module load: every visit of a
 * schedule and every option is labelled, and building each label anew was thousands of
 * short-lived strings per request (cold start: garbage the first request's heap collects).
 */
const HM_OF_MINUTE: readonly string[] = Array.from({ length: 24 * 60 + 1 }, (_, minute) => buildHm(minute));

/** Minutes since midnight → 'HH:mm' (24:00 is written for the end of day). */
export function formatHm(minutes: number): string {
  return HM_OF_MINUTE[minutes] ?? buildHm(minutes);
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

function isoDayFromWall(wallMs: number): string {
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

/**
 * Paris summer time, precomputed at module load (cold start: a first offer over a year of
 * dates asked the time-zone database once per hour): since 1996 the EU rule puts Paris at UTC+2
 * from the last Sunday of March to the last Sunday of October, 01:00 UTC, else UTC+1. The table
 * covers 1996–2099 and is checked against the time-zone database around this year's and the
 * next years' changes; should the rule ever change there (the tz data is the authority), or
 * outside those years, every offset comes from the database as before.
 */
const RULE_FIRST_YEAR = 1996;
const RULE_LAST_YEAR = 2099;
const summerStart = new Float64Array(RULE_LAST_YEAR - RULE_FIRST_YEAR + 1);
const summerEnd = new Float64Array(RULE_LAST_YEAR - RULE_FIRST_YEAR + 1);

/** 01:00 UTC on the last Sunday of the month (month 0-based). */
function lastSundayOneUtc(year: number, month: number): number {
  const last = Date.UTC(year, month + 1, 0, 1);
  return last - new Date(last).getUTCDay() * DAY;
}

for (let year = RULE_FIRST_YEAR; year <= RULE_LAST_YEAR; year++) {
  summerStart[year - RULE_FIRST_YEAR] = lastSundayOneUtc(year, 2);
  summerEnd[year - RULE_FIRST_YEAR] = lastSundayOneUtc(year, 9);
}

function ruleOffset(epochMs: number): number | null {
  const year = new Date(epochMs).getUTCFullYear();
  if (year < RULE_FIRST_YEAR || year > RULE_LAST_YEAR) return null;
  const i = year - RULE_FIRST_YEAR;
  return epochMs >= summerStart[i] && epochMs < summerEnd[i] ? 120 : 60;
}

const ruleHolds = ((): boolean => {
  const thisYear = new Date().getUTCFullYear();
  for (let year = Math.max(RULE_FIRST_YEAR, thisYear - 1); year <= Math.min(RULE_LAST_YEAR, thisYear + 3); year++) {
    for (const change of [summerStart[year - RULE_FIRST_YEAR], summerEnd[year - RULE_FIRST_YEAR]]) {
      for (const t of [change - 3_600_000, change, change + 3_600_000, Date.UTC(year, 0, 15), Date.UTC(year, 6, 15)]) {
        if (tzOffset(PARIS_TZ, new Date(t)) !== ruleOffset(t)) return false;
      }
    }
  }
  return true;
})();

/** Paris UTC offset in minutes at an instant. */
function offsetAt(epochMs: number): number {
  const fromRule = ruleHolds ? ruleOffset(epochMs) : null;
  return fromRule ?? tzOffset(PARIS_TZ, new Date(epochMs));
}

const offsetCache = new Map<string, { start: number; end: number }>();

function exactWallToEpoch(wall: number): number {
  const guess = wall - offsetAt(wall) * MINUTE;
  return wall - offsetAt(guess) * MINUTE;
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
      start: offsetAt(origin - 2 * 3_600_000),
      end: offsetAt(origin + DAY - 2 * 3_600_000),
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
    off = offsetAt(hour * 3_600_000);
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

/**
 * 'HH:mm' of an instant in Paris, with the offset when that wall time occurs twice (the hour the
 * clocks go back in October): a visit from 02:00 summer time to 02:00 winter time reads
 * '02:00 (UTC+2)' – '02:00 (UTC+1)', never '02:00–02:00'.
 */
export function parisWallLabel(epochMs: number): string {
  // The minute of epochToParisWall(epochMs), without its object and its date string.
  const offset = parisOffsetAt(epochMs);
  const wall = epochMs + offset * MINUTE;
  const hm = formatHm(Math.round((wall - Math.floor(wall / DAY) * DAY) / MINUTE));
  const repeated = offset > parisOffsetAt(epochMs + 3_600_000) || offset < parisOffsetAt(epochMs - 3_600_000);
  return repeated ? `${hm} (UTC+${offset / 60})` : hm;
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
const MONTHS = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'];

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
