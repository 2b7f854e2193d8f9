/**
 * The exact shortfall of a planning that cannot hold every visit (issue 11 §4):
 * - the least visit time that cannot be placed: the lightest set of visits whose removal lets
 *   the rest pack (not "needed minus available", which ignores the segment edges);
 * - the least number of full AMO-days (the planning's fullest day, one AMO) to add.
 * Both by exact packing checks, within a budget; out of budget the answer says so and gives the
 * best bounds found.
 */
import type { PackingBudget } from './segment-packing';
import { canPack, countBy, maxPlaceable } from './segment-packing';

export interface UnplacedResult {
  /** Least minutes of visits that cannot be placed (a lower bound when !exact). */
  minutes: number;
  /** Minutes left out by a known packing (upper bound); equals `minutes` when exact. */
  upperMinutes: number;
  exact: boolean;
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
const clock = (): number => (globalThis.performance ? globalThis.performance.now() : Date.now());

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
  if (canPack({ bins, items: countBy(sizes) }, undefined, budget.packing)) return { minutes: 0, upperMinutes: 0, exact: true };
  // Upper bound: the longest visits beyond the most that fit.
  const sorted = sizes.slice().sort((a, b) => a - b);
  const upper = sorted.slice(maxPlaceable(bins, sizes, budget.packing)).reduce((s, v) => s + v, 0);
  let maxBin = 0;
  let free = 0;
  for (const [len, n] of bins) if (n > 0) {
    maxBin = Math.max(maxBin, len);
    free += len * n;
  }
  const forced = sizes.filter((s) => s > maxBin).reduce((s, v) => s + v, 0);
  const rest = countBy(sizes.filter((s) => s <= maxBin));
  const kinds = [...rest.keys()].sort((a, b) => b - a);
  const counts = kinds.map((k) => rest.get(k)!);
  const step = kinds.reduce(gcd, 0) || 1;
  const restTotal = total - forced;
  let lower = Math.max(0, restTotal - free);
  lower = Math.ceil(lower / step) * step;
  const maxChecks = budget.maxChecks ?? 20_000;
  const deadline = clock() + (budget.maxMs ?? 500);
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
        if (++checks > maxChecks || clock() > deadline) {
          outOfBudget = true;
          return;
        }
        const items = new Map<number, number>();
        kinds.forEach((k, j) => items.set(k, counts[j] - drop[j]));
        if (canPack({ bins, items }, undefined, budget.packing)) found = true;
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
    if (outOfBudget) return { minutes: w + forced, upperMinutes: upper, exact: false };
  }
  return { minutes: upper, upperMinutes: upper, exact: true };
}

/**
 * Least number of extra AMO-days of the given shape (segment lengths of one full AMO-day) after
 * which every visit packs; null when a visit is longer than every segment of that shape.
 */
export function leastExtraDays(bins: ReadonlyMap<number, number>, sizes: readonly number[], shape: readonly number[]): number | null {
  if (shape.length === 0 || Math.max(...sizes) > Math.max(...shape)) return null;
  const items = countBy(sizes);
  const shapeBins = countBy(shape);
  const withExtra = (n: number): boolean => {
    const all = new Map(bins);
    for (const [len, c] of shapeBins) all.set(len, (all.get(len) ?? 0) + c * n);
    return canPack({ bins: all, items });
  };
  if (withExtra(0)) return 0;
  let hi = 1;
  while (!withExtra(hi)) hi *= 2;
  let lo = hi / 2;
  if (hi === 1) lo = 0;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (withExtra(mid)) hi = mid;
    else lo = mid;
  }
  return hi;
}
