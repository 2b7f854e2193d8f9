/**
 * The exact shortfall of a planning that cannot hold every visit (part 2 §8 simulation):
 * - the least visit time that cannot be placed: the lightest set of visits whose removal lets
 *   the rest pack (not "needed minus available", which ignores the segment edges);
 * - the least number of full AMO-days (the planning's fullest day, one AMO) to add.
 * Both by exact packing checks, within a budget; out of budget the answer says so and gives the
 * best bounds found.
 */
import type { PackingBudget } from './segment-packing';
import { bestFitLeftOut, canPack, countBy, maxPlaceable } from './segment-packing';
import { TimeBudget } from './time-budget';

export interface UnplacedResult {
  /** Least minutes of visits that cannot be placed (a lower bound when !exact). */
  minutes: number;
  /** Minutes left out by a known packing (upper bound); equals `minutes` when exact. */
  upperMinutes: number;
  exact: boolean;
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * Bounds on the least unplaced visit time without any solve (a request past its budget still
 * answers with these, in a few milliseconds even for 12,000 visits):
 * - at least: the visits longer than every segment, plus what the others exceed the usable free
 *   time by (each segment counted for the largest sum of visit lengths that fits it);
 * - at most: what best-fit decreasing leaves out (each visit, longest first, into the segment
 *   with the least room that still holds it).
 */
export function unplacedBounds(bins: ReadonlyMap<number, number>, sizes: readonly number[], bestFitLeft?: readonly number[]): UnplacedResult {
  let maxBin = 0;
  for (const [len, n] of bins) if (n > 0) maxBin = Math.max(maxBin, len);
  const fitting = sizes.filter((v) => v <= maxBin);
  const forced = sizes.reduce((t, v) => t + v, 0) - fitting.reduce((t, v) => t + v, 0);
  // usable[c]: largest sum of fitting visit lengths not above c (unbounded repetitions).
  const distinct = [...new Set(fitting)];
  const reach = new Uint8Array(maxBin + 1);
  reach[0] = 1;
  let usableTotal = 0;
  const usable = new Int32Array(maxBin + 1);
  for (let c = 1; c <= maxBin; c++) {
    for (const v of distinct)
      if (v <= c && reach[c - v]) {
        reach[c] = 1;
        break;
      }
    usable[c] = reach[c] ? c : usable[c - 1];
  }
  for (const [len, n] of bins) if (n > 0) usableTotal += usable[Math.min(len, maxBin)] * n;
  const lower = forced + Math.max(0, fitting.reduce((t, v) => t + v, 0) - usableTotal);
  // `bestFitLeft`: what best-fit already left out of these bins (the caller ran it), not run twice.
  const left = (bestFitLeft ?? bestFitLeftOut(bins, sizes)).reduce((t, v) => t + v, 0);
  return { minutes: lower, upperMinutes: Math.max(lower, left), exact: lower === left };
}

/**
 * Least total size of the visits to leave out so that the others pack. Drop weights are tried in
 * increasing order from a lower bound (visits longer than every segment, total beyond the total
 * free time); for each weight every drop vector is tried; the first that packs is optimal.
 */
export function leastUnplaced(
  bins: ReadonlyMap<number, number>,
  sizes: readonly number[],
  budget: { maxChecks?: number; maxMs?: number; packing?: PackingBudget } = {},
): UnplacedResult {
  const total = sizes.reduce((s, v) => s + v, 0);
  const own = budget.packing?.within ? budget.packing.within.slice(budget.maxMs ?? 500) : TimeBudget.ofMs(budget.maxMs ?? 500);
  const packing: PackingBudget = { ...budget.packing, within: own };
  const quick = unplacedBounds(bins, sizes);
  if (quick.upperMinutes === 0) return quick;
  if (canPack({ bins, items: countBy(sizes) }, undefined, packing)) return { minutes: 0, upperMinutes: 0, exact: true };
  if (own.expired()) return { ...quick, exact: false };
  // Upper bound: the longest visits beyond the most that fit (or best-fit's, if lower).
  const sorted = sizes.slice().sort((a, b) => a - b);
  const upper = Math.min(
    quick.upperMinutes,
    sorted.slice(maxPlaceable(bins, sizes, packing)).reduce((s, v) => s + v, 0),
  );
  let maxBin = 0;
  let free = 0;
  for (const [len, n] of bins)
    if (n > 0) {
      maxBin = Math.max(maxBin, len);
      free += len * n;
    }
  const forced = sizes.filter((s) => s > maxBin).reduce((s, v) => s + v, 0);
  const rest = countBy(sizes.filter((s) => s <= maxBin));
  const kinds = [...rest.keys()].sort((a, b) => b - a);
  const counts = kinds.map((k) => rest.get(k)!);
  const step = kinds.reduce(gcd, 0) || 1;
  const restTotal = total - forced;
  let lower = Math.max(0, restTotal - free, quick.minutes - forced);
  lower = Math.ceil(lower / step) * step;
  const maxChecks = budget.maxChecks ?? 20_000;
  let checks = 0;
  for (let w = lower; w + forced < upper; w += step) {
    // Every drop vector of weight w (counts per kind, at most the kind's count).
    const drop = new Array<number>(kinds.length).fill(0);
    let found = false;
    let outOfBudget = false;
    const rec = (i: number, left: number): void => {
      if (found || outOfBudget) return;
      if (i === kinds.length) {
        if (left !== 0) return;
        if (++checks > maxChecks || own.expired()) {
          outOfBudget = true;
          return;
        }
        const items = new Map<number, number>();
        kinds.forEach((k, j) => items.set(k, counts[j] - drop[j]));
        if (canPack({ bins, items }, undefined, packing)) found = true;
        return;
      }
      for (let c = Math.min(counts[i], Math.floor(left / kinds[i])); c >= 0; c--) {
        drop[i] = c;
        rec(i + 1, left - c * kinds[i]);
        if (found || outOfBudget) return;
      }
      drop[i] = 0;
    };
    rec(0, w);
    if (found) return { minutes: w + forced, upperMinutes: w + forced, exact: true };
    // A check cut by the budget said "no" without proof: w is still a lower bound.
    if (outOfBudget || own.expired()) return { minutes: w + forced, upperMinutes: upper, exact: false };
  }
  return { minutes: upper, upperMinutes: upper, exact: true };
}

/**
 * Least number of extra AMO-days of the given shape (segment lengths of one full AMO-day) after
 * which every visit packs; null when a visit is longer than every segment of that shape.
 */
export function leastExtraDays(bins: ReadonlyMap<number, number>, sizes: readonly number[], shape: readonly number[], budget?: TimeBudget): number | null {
  if (shape.length === 0 || Math.max(...sizes) > Math.max(...shape)) return null;
  const items = countBy(sizes);
  const shapeBins = countBy(shape);
  const packing: PackingBudget = { within: budget };
  const withExtra = (n: number): boolean => {
    const all = new Map(bins);
    for (const [len, c] of shapeBins) all.set(len, (all.get(len) ?? 0) + c * n);
    return canPack({ bins: all, items }, undefined, packing);
  };
  if (withExtra(0)) return 0;
  let hi = 1;
  while (!withExtra(hi)) {
    // Out of budget every check says "no": the least number is not known.
    if (budget?.expired()) return null;
    hi *= 2;
  }
  let lo = hi / 2;
  if (hi === 1) lo = 0;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (withExtra(mid)) hi = mid;
    else lo = mid;
  }
  return budget?.expired() ? null : hi;
}
