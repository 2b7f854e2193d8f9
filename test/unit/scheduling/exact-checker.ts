/**
 * An exact checker written apart from the engine (tests only): it shares no code with
 * free-time.ts, grid.ts or segment-packing.ts. Free time is a minute-by-minute map of each AMO's
 * real day built from the raw calendar (Paris wall clock via TZDate), and placement is a brute
 * force over small cases.
 */
import { TZDate } from '@date-fns/tz';
import type { PlanningCalendar } from '../../../shared/scheduling/schemas';

const MIN = 60_000;

function wallEpochMin(date: string, hm: string, endOfDay = false): number {
  const [y, mo, d] = date.split('-').map(Number);
  const [h, m] = hm.split(':').map(Number);
  if (endOfDay && h === 0 && m === 0) return new TZDate(y, mo - 1, d + 1, 0, 0, 'Europe/Paris').getTime() / MIN;
  return new TZDate(y, mo - 1, d, h, m, 'Europe/Paris').getTime() / MIN;
}

/** Lengths (minutes) of the maximal free intervals of every AMO on every date. */
export function checkerFreeLengths(cal: PlanningCalendar): number[] {
  const out: number[] = [];
  const dates = [...new Set(cal.days.map((d) => d.date))];
  const columns = Math.max(cal.amoList.length, ...cal.days.map((d) => d.nbAmo), ...cal.bookings.map((b) => b.amoNb + 1));
  for (const date of dates) {
    const from = wallEpochMin(date, '00:00');
    const to = wallEpochMin(date, '00:00', true);
    for (let amo = 0; amo < columns; amo++) {
      const free = new Uint8Array(to - from);
      const mark = (a: number, b: number, v: 0 | 1): void => {
        for (let t = Math.max(a, from); t < Math.min(b, to); t++) free[t - from] = v;
      };
      for (const d of cal.days) if (d.date === date && d.nbAmo > amo) mark(wallEpochMin(date, d.start), wallEpochMin(date, d.end, true), 1);
      mark(wallEpochMin(date, cal.lunchStartTime), wallEpochMin(date, cal.lunchEndTime), 0);
      for (const r of cal.extraAvailable) if (r.amoNb === amo) mark(Math.floor(r.start / MIN), Math.ceil(r.end / MIN), 1);
      for (const r of cal.unavailable) if (r.amoNb === amo) mark(Math.floor(r.start / MIN), Math.ceil(r.end / MIN), 0);
      for (const r of cal.bookings) if (r.amoNb === amo) mark(Math.floor(r.start / MIN), Math.ceil(r.end / MIN), 0);
      if (cal.notBefore !== undefined) mark(from, Math.ceil(cal.notBefore / MIN), 0);
      let run = 0;
      for (let i = 0; i <= free.length; i++) {
        if (i < free.length && free[i]) run++;
        else if (run > 0) {
          out.push(run);
          run = 0;
        }
      }
    }
  }
  return out;
}

/** Brute force: can every visit (minutes) go into some interval, several back to back? */
export function bruteFits(lengths: readonly number[], sizes: readonly number[]): boolean {
  const items = sizes.slice().sort((a, b) => b - a);
  const room = lengths.slice();
  const rec = (i: number): boolean => {
    if (i === items.length) return true;
    const tried = new Set<number>();
    for (let b = 0; b < room.length; b++) {
      if (room[b] < items[i] || tried.has(room[b])) continue;
      tried.add(room[b]);
      room[b] -= items[i];
      const ok = rec(i + 1);
      room[b] += items[i];
      if (ok) return true;
    }
    return false;
  };
  return rec(0);
}

/** Brute force: the most visits that can be placed together. */
export function bruteMaxPlaceable(lengths: readonly number[], sizes: readonly number[]): number {
  let best = 0;
  const n = sizes.length;
  for (let mask = 0; mask < 1 << n; mask++) {
    const chosen = sizes.filter((_, i) => mask & (1 << i));
    if (chosen.length > best && bruteFits(lengths, chosen)) best = chosen.length;
  }
  return best;
}

/** Brute force: can `k` visits be placed with the visit `mine` among them? */
export function bruteFitsWith(lengths: readonly number[], mine: number, others: readonly number[], k: number): boolean {
  const n = others.length;
  for (let mask = 0; mask < 1 << n; mask++) {
    const chosen = others.filter((_, i) => mask & (1 << i));
    if (chosen.length === k - 1 && bruteFits(lengths, chosen.concat(mine))) return true;
  }
  return false;
}

/** Brute force: least total minutes of visits left out so that the rest fits. */
export function bruteLeastUnplaced(lengths: readonly number[], sizes: readonly number[]): number {
  let best = Infinity;
  const n = sizes.length;
  for (let mask = 0; mask < 1 << n; mask++) {
    const kept = sizes.filter((_, i) => mask & (1 << i));
    const left = sizes.reduce((s, v) => s + v, 0) - kept.reduce((s, v) => s + v, 0);
    if (left < best && bruteFits(lengths, kept)) best = left;
  }
  return best;
}
