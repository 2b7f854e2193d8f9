import { epochToParisWall } from '../scheduling/time-grid';

/**
 * The hour-of-day histogram (part 3 §9: 24 buckets), by the Paris hour of each instant. Seconds
 * are dropped first: the wall clock rounds to the minute, and 08:59:59 belongs to hour 8.
 */
export function hourHistogram(instants: readonly string[]): number[] {
  const buckets = Array.from({ length: 24 }, () => 0);
  for (const instant of instants) {
    const minute = Math.floor(Date.parse(instant) / 60_000) * 60_000;
    buckets[Math.floor(epochToParisWall(minute).minuteOfDay / 60)] += 1;
  }
  return buckets;
}
