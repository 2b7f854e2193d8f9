/**
 * Hours maths shown beside a planning (part 2 §9):
 * - available hours = the free time in minutes / 60 (the free slots / 2, or / 4 when pas is 900,
 *   whenever windows and lunch are on the slot step; off the step the partial slots count too, so
 *   09:05–10:35 offers 1.5 h and holds one 90-minute visit: rounding would refuse visits that fit);
 * - needed hours = sum of the visit durations;
 * - capacity of one event (day) = (day length − lunch) × nbAmo, rounded to two decimals;
 * - days needed = needed hours / daily capacity, one decimal;
 * - margin = available − needed.
 */
import type { Hours, PlanningCalendar } from './schemas';
import type { FreeInterval } from './free-time';
import { freeIntervals } from './free-time';
import { HOUR_MS } from './phase-durations';
import { parseHm } from './time-grid';

export const round2 = (x: number): number => Math.round((x + Number.EPSILON) * 100) / 100;
const round1 = (x: number): number => Math.round((x + Number.EPSILON) * 10) / 10;

export function neededHours(durationsMs: readonly number[]): number {
  let ms = 0;
  for (const d of durationsMs) ms += d;
  return round2(ms / HOUR_MS);
}

/** (day length − overlap with lunch) × nbAmo, in hours, two decimals. */
export function eventCapacityHours(day: { start: string; end: string; nbAmo: number }, lunchStartTime: string, lunchEndTime: string): number {
  const a = parseHm(day.start);
  const b = parseHm(day.end) || 24 * 60;
  const la = parseHm(lunchStartTime);
  const lb = parseHm(lunchEndTime);
  const lunch = Math.max(0, Math.min(b, lb) - Math.max(a, la));
  return round2((Math.max(0, b - a - lunch) / 60) * day.nbAmo);
}

/** Days needed: needed / daily capacity (the mean capacity of one event), one decimal. */
export function daysNeeded(needed: number, perEvent: readonly number[]): { dailyCapacity: number; daysNeeded: number } {
  const dailyCapacity = perEvent.length ? round2(perEvent.reduce((s, v) => s + v, 0) / perEvent.length) : 0;
  return { dailyCapacity, daysNeeded: dailyCapacity > 0 ? round1(needed / dailyCapacity) : 0 };
}

/** Hours of a (live or simulated) planning: available from its free intervals (`runs` when the caller has them), to the minute. */
export function computeHours(calendar: PlanningCalendar, durationsMs: readonly number[], runs: readonly FreeInterval[] = freeIntervals(calendar)): Hours {
  let freeMinutes = 0;
  for (const r of runs) freeMinutes += r.end - r.start;
  const available = round2(freeMinutes / 60);
  const needed = neededHours(durationsMs);
  const perEvent = calendar.days.map((d) => ({
    date: d.date,
    hours: eventCapacityHours(d, calendar.lunchStartTime, calendar.lunchEndTime),
  }));
  const dn = daysNeeded(
    needed,
    perEvent.map((e) => e.hours),
  );
  return { available, needed, margin: round2(available - needed), ...dn, perEvent };
}
