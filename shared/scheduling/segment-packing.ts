/**
 * The exact feasibility solver: can these visits (item sizes, in slots) be packed into these
 * free segments (bin capacities, in slots)?
 *
 * A visit never crosses lunch, a booking or the end of a day, so each free segment of an AMO's
 * day is a bin; any set of visits whose total fits a segment can be placed in it back to back.
 * The problem is therefore bin packing with few distinct item sizes and few distinct bin sizes:
 *
 * 1. cheap necessary bounds (total length against usable length; for every size s, the visits of
 *    size ≥ s against the number of places of size ≥ s);
 * 2. a greedy descent (each bin takes the fullest "pattern", i.e. filling, the remaining visits
 *    allow): a success is a certificate;
 * 3. the LP relaxation over patterns (Gilmore–Gomory): infeasible LP ⇒ no packing;
 * 4. otherwise a complete depth-first search over bins, kind by kind, each bin taking a maximal
 *    pattern, with the bounds at every node and a memo of failed states (bin kind, bins left,
 *    visits left) that also removes the symmetry between identical bins.
 *
 * Steps 1 and 3 only ever say "no" when no packing exists, step 2 only says "yes" with a packing
 * in hand, and step 4 is exhaustive: the answer is exact. Sizes depend on the number of distinct
 * durations and segment lengths, not on the number of buyers or days.
 */

import { BudgetExceeded, TimeBudget } from './time-budget';

export interface PackingInput {
  /** Free segment lengths (bin capacities), in slots: capacity → number of segments. */
  bins: ReadonlyMap<number, number>;
  /** Visit lengths (item sizes), in slots: size → number of visits. */
  items: ReadonlyMap<number, number>;
}

/** One packing: for each bin capacity, the list of fillings used (each filling: item sizes). */
export type PackingSolution = Map<number, number[][]>;

export interface PackingStats {
  nodes: number;
  lpCalls: number;
}

interface Problem {
  sizes: number[]; // distinct item sizes, descending
  demand: number[];
  caps: number[]; // distinct useful capacities, descending
  counts: number[];
  eff: number[]; // usable length of each capacity (largest sum of sizes that fits)
  fit: number[][]; // fit[k][j] = floor(caps[k] / sizes[j])
  members: [number, number][][]; // original (capacity, count) pairs merged into each kind
}

/**
 * A solve's budget: it answers 'undecided' rather than run past it (no request may hang). A solve
 * runs on the request's budget (`within`, shared by every solve of the request: no cap of its own
 * stops it while the request's budget still runs); without one, on a fresh request budget. The
 * budget counts the solve's work (time-budget.ts): every step of the pattern enumeration, of the
 * greedy descents, every LP pivot (weighed by its tableau) and every search node.
 */
export interface PackingBudget {
  /** A cap on search nodes (tests reaching the fallback); none by default. */
  maxNodes?: number;
  /** A part of the request's budget for this solve only (ms of work; the imposed placement's checks). */
  maxMs?: number;
  /** The request's budget, shared by every solve of the request (time-budget.ts). */
  within?: TimeBudget;
  /**
   * false: skip the greedy descents and the LP rounding and go straight to the complete search
   * (the heuristics decide every case met so far, so tests use this to reach the fallback).
   */
  heuristics?: boolean;
}

/**
 * Work weights (time-budget.ts): about the nanoseconds each step costs, so that work units track
 * time and WORK_UNITS_PER_MS is one figure. An LP pivot counts its tableau's cells.
 */
export const WORK = {
  patternStep: 16,
  greedyStep: 64,
  searchNode: 256,
  perSize: 8,
  /** A candidate start of an offer (its gap rule and cache look-up; a solve counts its own work). */
  candidate: 128,
} as const;

/** usable[c] = largest sum of sizes (unbounded repetitions) that fits in capacity c, for c ≤ maxCap. */
function usableLengths(maxCap: number, sizes: number[]): Int32Array {
  const reach = new Uint8Array(maxCap + 1);
  const best = new Int32Array(maxCap + 1);
  reach[0] = 1;
  for (let c = 1; c <= maxCap; c++) {
    for (const s of sizes) {
      if (s <= c && reach[c - s]) {
        reach[c] = 1;
        break;
      }
    }
    best[c] = reach[c] ? c : best[c - 1];
  }
  return best;
}

function buildProblem(input: PackingInput): Problem | 'trivial' | 'impossible' {
  const sizes: number[] = [];
  const demand: number[] = [];
  [...input.items.entries()]
    .filter(([s, n]) => n > 0 && s > 0)
    .sort((a, b) => b[0] - a[0])
    .forEach(([s, n]) => {
      sizes.push(s);
      demand.push(n);
    });
  if (sizes.length === 0) return 'trivial';
  const minSize = sizes[sizes.length - 1];
  // A bin holds a set of visits iff their total fits its usable length (every total is itself a
  // reachable sum): bins of equal usable length are one kind. In minutes this merges e.g. the
  // 239- and 245-minute segments of 60/90-minute visits into one 240-minute kind.
  const byEff = new Map<number, [number, number][]>();
  let maxCap = 0;
  for (const [c, n] of input.bins) if (n > 0 && c > maxCap) maxCap = c;
  const usable = usableLengths(maxCap, sizes);
  for (const [c, n] of input.bins) {
    if (!(n > 0) || c < minSize) continue;
    const e = usable[c];
    const list = byEff.get(e) ?? [];
    list.push([c, n]);
    byEff.set(e, list);
  }
  const kinds = [...byEff.entries()].filter(([e]) => e > 0).sort((a, b) => b[0] - a[0]);
  if (kinds.length === 0 || sizes[0] > kinds[0][0]) return 'impossible';
  const caps = kinds.map(([e]) => e);
  const counts = kinds.map(([, members]) => members.reduce((t, [, n]) => t + n, 0));
  const members = kinds.map(([, m]) => m);
  const fit = caps.map((c) => sizes.map((s) => Math.floor(c / s)));
  return { sizes, demand, caps, counts, eff: caps.slice(), fit, members };
}

/**
 * Maximal fillings of one bin of capacity `cap` given the visits left `rem`: counts a_i ≤ rem_i,
 * total ≤ cap, and no visit left that still fits. Ordered fullest first, then larger visits first.
 */
function maximalPatterns(cap: number, sizes: number[], rem: number[], budget: TimeBudget): number[][] {
  const m = sizes.length;
  const out: { a: number[]; used: number }[] = [];
  const a = new Array<number>(m).fill(0);
  let calls = 0;
  const rec = (i: number, room: number): void => {
    // Seven odd durations in a 5-hour segment make tens of thousands of fillings: the clock is
    // read every 1,024 steps of the enumeration.
    if ((++calls & 1023) === 0) budget.check(1024 * WORK.patternStep);
    if (i === m) {
      for (let j = 0; j < m; j++) if (a[j] < rem[j] && sizes[j] <= room) return;
      out.push({ a: a.slice(), used: cap - room });
      return;
    }
    const max = Math.min(rem[i], Math.floor(room / sizes[i]));
    for (let c = max; c >= 0; c--) {
      a[i] = c;
      rec(i + 1, room - c * sizes[i]);
    }
    a[i] = 0;
  };
  rec(0, cap);
  budget.spend((calls & 1023) * WORK.patternStep);
  out.sort((x, y) => y.used - x.used);
  return out.map((x) => x.a).filter((x) => x.some((v) => v > 0));
}

/** Pattern lists are cached per capacity and per demand capped at what one bin can hold. */
class PatternCache {
  private readonly cache = new Map<string, number[][]>();
  public constructor(
    private readonly p: Problem,
    private readonly budget: TimeBudget,
  ) {}
  public get(k: number, rem: number[]): number[][] {
    const capped = rem.map((r, j) => Math.min(r, this.p.fit[k][j]));
    const key = `${k}|${capped.join(',')}`;
    let pats = this.cache.get(key);
    if (!pats) {
      pats = maximalPatterns(this.p.caps[k], this.p.sizes, capped, this.budget);
      this.cache.set(key, pats);
    }
    return pats;
  }
}

interface LpResult {
  /** Pattern columns, as (kind index, pattern counts). */
  cols: { k: number; a: number[] }[];
  /** Value of each column in the LP solution found. */
  x: Float64Array;
}

/**
 * LP relaxation: is there x ≥ 0 with Σ_p x_kp ≤ n_k and Σ a_ip x_kp ≥ rem_i? Phase-1 simplex on a
 * dense tableau (Bland's rule). Returns null only when the LP is clearly infeasible (a remaining
 * shortfall above 1e-4 of a visit), so rounding can never turn a feasible case into a "no".
 */
function solveLp(counts: number[], sizes: number[], rem: number[], patternsOf: (k: number) => number[][], budget?: TimeBudget): LpResult | null {
  const m = sizes.length;
  const K = counts.length;
  const cols: { k: number; a: number[] }[] = [];
  for (let k = 0; k < K; k++) if (counts[k] > 0) for (const a of patternsOf(k)) cols.push({ k, a });
  const rows = m + K;
  // Columns: patterns | surplus e_i (m) | slack t_k (K) | artificial y_i (m) | rhs
  const P = cols.length;
  const nCols = P + m + K + m;
  const T: Float64Array[] = [];
  for (let r = 0; r < rows; r++) T.push(new Float64Array(nCols + 1));
  budget?.spend(rows * (nCols + 1));
  for (let c = 0; c < P; c++) {
    const { k, a } = cols[c];
    for (let i = 0; i < m; i++) T[i][c] = a[i];
    T[m + k][c] = 1;
  }
  for (let i = 0; i < m; i++) {
    T[i][P + i] = -1;
    T[i][P + m + K + i] = 1;
    T[i][nCols] = rem[i];
  }
  for (let k = 0; k < K; k++) {
    T[m + k][P + m + k] = 1;
    T[m + k][nCols] = counts[k];
  }
  const basis: number[] = [];
  for (let i = 0; i < m; i++) basis.push(P + m + K + i);
  for (let k = 0; k < K; k++) basis.push(P + m + k);
  // Objective: minimise Σ y_i; z holds the reduced costs (sum of the demand rows).
  const z = new Float64Array(nCols + 1);
  for (let i = 0; i < m; i++) for (let c = 0; c <= nCols; c++) z[c] += T[i][c];
  for (let i = 0; i < m; i++) z[P + m + K + i] = 0;
  const EPS = 1e-9;
  let iter = 0;
  for (; iter < 10_000; iter++) {
    if (z[nCols] <= 1e-9) break;
    // One pivot costs rows × columns (thousands of pattern columns): counted as that many units.
    budget?.check(rows * (nCols + 1));
    let enter = -1;
    // Dantzig's rule for speed, Bland's rule after many iterations (no cycling).
    if (iter < 500) {
      let best = EPS;
      for (let c = 0; c < nCols; c++)
        if (z[c] > best) {
          best = z[c];
          enter = c;
        }
    } else {
      for (let c = 0; c < nCols; c++)
        if (z[c] > EPS) {
          enter = c;
          break;
        }
    }
    if (enter < 0) break;
    let leave = -1;
    let best = Infinity;
    for (let r = 0; r < rows; r++) {
      const v = T[r][enter];
      if (v > EPS) {
        const ratio = T[r][nCols] / v;
        if (ratio < best - EPS || (Math.abs(ratio - best) <= EPS && basis[r] < basis[leave])) {
          best = ratio;
          leave = r;
        }
      }
    }
    if (leave < 0) break;
    const pr = T[leave];
    const pv = pr[enter];
    for (let c = 0; c <= nCols; c++) pr[c] /= pv;
    for (let r = 0; r < rows; r++) {
      if (r === leave) continue;
      const f = T[r][enter];
      if (f !== 0) {
        const row = T[r];
        for (let c = 0; c <= nCols; c++) row[c] -= f * pr[c];
      }
    }
    const fz = z[enter];
    for (let c = 0; c <= nCols; c++) z[c] -= fz * pr[c];
    basis[leave] = enter;
  }
  if (z[nCols] > 1e-4) return null;
  const x = new Float64Array(P);
  for (let r = 0; r < rows; r++) if (basis[r] < P) x[basis[r]] = Math.max(0, T[r][nCols]);
  return { cols, x };
}

function remKey(k: number, nLeft: number, rem: number[]): string {
  return `${k}|${nLeft}|${rem.join(',')}`;
}

const MAX_MEMO = 1_000_000;

interface Tables {
  counts: number[];
  suffEff: number[];
  suffFit: number[][];
}

function makeTables(p: Problem, counts: number[]): Tables {
  const K = p.caps.length;
  const m = p.sizes.length;
  const suffEff = new Array<number>(K + 1).fill(0);
  const suffFit: number[][] = Array.from({ length: K + 1 }, () => new Array<number>(m).fill(0));
  for (let k = K - 1; k >= 0; k--) {
    suffEff[k] = suffEff[k + 1] + counts[k] * p.eff[k];
    for (let j = 0; j < m; j++) suffFit[k][j] = suffFit[k + 1][j] + counts[k] * p.fit[k][j];
  }
  return { counts, suffEff, suffFit };
}

/** Necessary conditions for the visits `rem` to fit in `nLeft` bins of kind k plus all kinds after k. */
function boundsOk(p: Problem, t: Tables, k: number, nLeft: number, rem: number[]): boolean {
  const m = p.sizes.length;
  const K = p.caps.length;
  let need = 0;
  for (let i = 0; i < m; i++) need += rem[i] * p.sizes[i];
  const after = Math.min(k + 1, K);
  if (need > (k < K ? nLeft * p.eff[k] : 0) + t.suffEff[after]) return false;
  let atLeast = 0;
  for (let j = 0; j < m; j++) {
    atLeast += rem[j];
    if (atLeast > (k < K ? nLeft * p.fit[k][j] : 0) + t.suffFit[after][j]) return false;
  }
  return true;
}

/** Greedy descent over the kinds in the given order: each bin takes its fullest pattern. */
function greedy(p: Problem, patterns: PatternCache, counts: number[], demand: number[], order: number[], budget: TimeBudget): number[][][] | null {
  const m = p.sizes.length;
  const chosen: number[][][] = p.caps.map(() => []);
  const rem = demand.slice();
  let left = rem.reduce((s, v) => s + v, 0);
  for (const k of order) {
    let b = 0;
    while (b < counts[k] && left > 0) {
      budget.check(WORK.greedyStep + m * WORK.perSize);
      const pats = patterns.get(k, rem);
      if (pats.length === 0) break;
      const a = pats[0];
      // The same pattern stays first while every count left is at least what one bin can hold.
      let times = 1;
      while (b + times < counts[k]) {
        let ok = true;
        for (let i = 0; i < m; i++) if (a[i] > 0 && rem[i] - times * a[i] < p.fit[k][i]) ok = false;
        if (!ok) break;
        times++;
      }
      for (let t = 0; t < times; t++) chosen[k].push(a);
      for (let i = 0; i < m; i++) {
        rem[i] -= times * a[i];
        left -= times * a[i];
      }
      b += times;
    }
    if (left === 0) return chosen;
  }
  return left === 0 ? chosen : null;
}

/**
 * Depth-first search over bins (kinds in order, one bin at a time, maximal patterns, fullest
 * first), with bounds at every node and a memo of failed states. With `budget` it gives up after
 * that many nodes (returns 'budget'); without, it is complete. With `useLp`, the LP relaxation of
 * the remaining problem prunes every new node.
 */
interface Limit {
  nodes: number;
  budget: TimeBudget;
}

function search(
  p: Problem,
  patterns: PatternCache,
  counts: number[],
  demand: number[],
  budget: number,
  useLp: boolean,
  stats?: PackingStats,
  limit?: Limit,
): number[][][] | null | 'budget' {
  const K = p.caps.length;
  const m = p.sizes.length;
  const t = makeTables(p, counts);
  const chosen: number[][][] = p.caps.map(() => []);
  const failed = new Set<string>();
  const rem = demand.slice();
  let nodes = 0;
  let outOfBudget = false;
  const dfs = (k: number, nLeft: number, left: number): boolean => {
    if (left === 0) return true;
    while (k < K && nLeft === 0) {
      k++;
      nLeft = k < K ? counts[k] : 0;
    }
    if (k >= K) return false;
    if (limit) limit.budget.spend(WORK.searchNode + m * WORK.perSize);
    if (++nodes > budget || (limit && (--limit.nodes < 0 || limit.budget.expired()))) {
      outOfBudget = true;
      return false;
    }
    if (stats) stats.nodes++;
    if (!boundsOk(p, t, k, nLeft, rem)) return false;
    const key = remKey(k, nLeft, rem);
    if (failed.has(key)) return false;
    if (useLp) {
      if (stats) stats.lpCalls++;
      const cnt = counts.map((c, kk) => (kk < k ? 0 : kk === k ? nLeft : c));
      if (!solveLp(cnt, p.sizes, rem, (kk) => patterns.get(kk, rem), limit?.budget)) {
        if (failed.size < MAX_MEMO) failed.add(key);
        return false;
      }
    }
    const pats = patterns.get(k, rem);
    if (pats.length === 0 && dfs(k + 1, k + 1 < K ? counts[k + 1] : 0, left)) return true;
    for (const a of pats) {
      let used = 0;
      for (let i = 0; i < m; i++) {
        rem[i] -= a[i];
        used += a[i];
      }
      chosen[k].push(a);
      if (dfs(k, nLeft - 1, left - used)) return true;
      chosen[k].pop();
      for (let i = 0; i < m; i++) rem[i] += a[i];
      if (outOfBudget) return false;
    }
    if (failed.size < MAX_MEMO) failed.add(key);
    return false;
  };
  const total = demand.reduce((s, v) => s + v, 0);
  if (dfs(0, counts[0], total)) return chosen;
  return outOfBudget ? 'budget' : null;
}

/**
 * Exact packing within a budget: one packing, null when none exists, or 'undecided' when the
 * complete search ran out of its budget (never reached in the bench or the property tests; the
 * tests force it with a budget of a few nodes).
 */
export function decidePacking(input: PackingInput, budget: PackingBudget = {}, stats?: PackingStats): PackingSolution | null | 'undecided' {
  // The request's budget spent: no step at all (a request past its budget only writes its answer).
  if (budget.within?.expired()) return 'undecided';
  // The request's budget itself (docs/scheduling.md 'Work budget': no cap of the solve's own), or a part of it when asked.
  const request = budget.within ?? TimeBudget.ofMs();
  const clock = budget.maxMs !== undefined && Number.isFinite(budget.maxMs) ? request.slice(budget.maxMs) : request;
  try {
    return decideWithin(input, budget, clock, stats);
  } catch (err) {
    if (err instanceof BudgetExceeded) return 'undecided';
    throw err;
  }
}

function decideWithin(input: PackingInput, budget: PackingBudget, clock: TimeBudget, stats?: PackingStats): PackingSolution | null | 'undecided' {
  const built = buildProblem(input);
  if (built === 'trivial') return new Map();
  if (built === 'impossible') return null;
  const p = built;
  const m = p.sizes.length;
  const full = makeTables(p, p.counts);
  if (!boundsOk(p, full, 0, p.counts[0], p.demand)) return null;
  clock.check();
  const patterns = new PatternCache(p, clock);
  const desc = p.caps.map((_, k) => k);
  const heuristics = budget.heuristics !== false;
  const fromGreedy = heuristics
    ? (greedy(p, patterns, p.counts, p.demand, desc, clock) ?? greedy(p, patterns, p.counts, p.demand, desc.slice().reverse(), clock))
    : null;
  if (fromGreedy) return toSolution(p, fromGreedy);

  if (stats) stats.lpCalls++;
  const lp = solveLp(p.counts, p.sizes, p.demand, (k) => patterns.get(k, p.demand), clock);
  if (!lp) return null;
  const limit: Limit = { nodes: budget.maxNodes ?? Infinity, budget: clock };

  // LP rounding: keep ⌊x⌋ (then ⌊x⌋−1, −2: more room for the search) copies of each pattern
  // and pack what is left exactly with a small search. Only a found packing is trusted.
  for (const drop of heuristics ? [0, 1, 2] : []) {
    const counts = p.counts.slice();
    const rem = p.demand.slice();
    const base: number[][][] = p.caps.map(() => []);
    lp.cols.forEach(({ k, a }, c) => {
      const copies = Math.max(0, Math.floor(lp.x[c] + 1e-7) - drop);
      for (let t = 0; t < copies && counts[k] > 0; t++) {
        if (!a.some((v, i) => v > 0 && rem[i] > 0)) break;
        base[k].push(a);
        counts[k]--;
        for (let i = 0; i < m; i++) rem[i] = Math.max(0, rem[i] - a[i]);
      }
    });
    const rest =
      greedy(p, patterns, counts, rem, desc, clock) ??
      greedy(p, patterns, counts, rem, desc.slice().reverse(), clock) ??
      search(p, patterns, counts, rem, 5_000, false, stats, limit);
    if (rest && rest !== 'budget')
      return toSolution(
        p,
        base.map((b, k) => b.concat(rest[k])),
      );
  }

  const complete = search(p, patterns, p.counts, p.demand, Infinity, true, stats, limit);
  if (complete === 'budget') return 'undecided';
  return complete ? toSolution(p, complete) : null;
}

/**
 * Exact packing. Returns one packing or null when none exists or the budget ran out (a caller
 * that must tell the two apart uses decidePacking).
 */
export function solvePacking(input: PackingInput, stats?: PackingStats, budget?: PackingBudget): PackingSolution | null {
  const r = decidePacking(input, budget, stats);
  return r === 'undecided' ? null : r;
}

/**
 * Turns chosen patterns into item lists keyed by the original bin capacities, dropping the
 * surplus a covering pattern may carry.
 */
function toSolution(p: Problem, chosen: number[][][]): PackingSolution {
  const sol: PackingSolution = new Map();
  const left = p.demand.slice();
  p.caps.forEach((_, k) => {
    const fillings: number[][] = [];
    for (const a of chosen[k]) {
      const items: number[] = [];
      a.forEach((n, i) => {
        for (let t = 0; t < n && left[i] > 0; t++) {
          items.push(p.sizes[i]);
          left[i]--;
        }
      });
      if (items.length > 0) fillings.push(items);
    }
    // Bins merged into one kind are interchangeable: hand the fillings out member by member.
    let f = 0;
    for (const [cap, n] of p.members[k]) {
      const mine = fillings.slice(f, f + n);
      f += n;
      if (mine.length > 0) sol.set(cap, (sol.get(cap) ?? []).concat(mine));
    }
  });
  return sol;
}

/** Exact yes/no; a solve out of budget counts as "no" (fail closed: an option is not offered). */
export function canPack(input: PackingInput, stats?: PackingStats, budget?: PackingBudget): boolean {
  return solvePacking(input, stats, budget) !== null;
}

/** How many visits fit together: exact when `lower === upper` (a spent budget leaves bounds). */
export interface PlaceableBounds {
  /** Proven: that many of the shortest visits fit (a packing was found, or best-fit placed them). */
  lower: number;
  /** Proven: no more than that many fit (a packing of more was refuted, or the necessary bounds fail). */
  upper: number;
}

/** Necessary conditions only (no search): false proves that the visits cannot all be packed. */
function passesBounds(bins: ReadonlyMap<number, number>, items: ReadonlyMap<number, number>): boolean {
  const built = buildProblem({ bins, items });
  if (built === 'trivial') return true;
  if (built === 'impossible') return false;
  return boundsOk(built, makeTables(built, built.counts), 0, built.counts[0], built.demand);
}

/**
 * The most visits that fit, with bounds when the budget ends first: the k shortest visits fit
 * whenever any k visits fit (swap a visit for a shorter one and the packing still holds), and
 * if k do not fit no more than k do, so a binary search on k over the shortest first. Best-fit
 * gives the first lower bound and the necessary bounds (no search) the first upper one.
 */
export function placeableBounds(
  bins: ReadonlyMap<number, number>,
  sizes: readonly number[],
  budget?: PackingBudget & {
    /** Already proven by the caller: no more than this many fit. */
    atMost?: number;
    /** Already proven by the caller: at least this many fit. */
    atLeast?: number;
    /** false: the bounds without any solve (best-fit and the necessary bounds). */
    solve?: boolean;
  },
): PlaceableBounds {
  const sorted = sizes.slice().sort((a, b) => a - b);
  const n = sorted.length;
  let lo = budget?.atLeast ?? n - bestFitLeftOut(bins, sorted).length;
  if (lo === n) return { lower: n, upper: n };
  // hi: the fewest visits proven not to fit (n + 1: none proven).
  let hi = n + 1;
  let a = lo;
  let b = Math.min(n, budget?.atMost ?? n) + 1;
  while (b - a > 1) {
    const mid = (a + b) >> 1;
    if (passesBounds(bins, countBy(sorted.slice(0, mid)))) a = mid;
    else b = mid;
  }
  hi = b;
  if (budget?.solve === false) return { lower: lo, upper: hi - 1 };
  const fits = (k: number): boolean | 'undecided' => {
    const r = decidePacking({ bins, items: countBy(sorted.slice(0, k)) }, budget);
    return r === 'undecided' ? r : r !== null;
  };
  // Everyone first: the common case of a check (one solve).
  if (hi > n) {
    const all = fits(n);
    if (all === true) return { lower: n, upper: n };
    if (all === 'undecided') return { lower: lo, upper: n };
    hi = n;
  }
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    const r = fits(mid);
    if (r === 'undecided') break;
    if (r) lo = mid;
    else hi = mid;
  }
  return { lower: lo, upper: hi - 1 };
}

/** The most visits proven to fit (exact within the budget; past it, a lower bound). */
export function maxPlaceable(bins: ReadonlyMap<number, number>, sizes: readonly number[], budget?: PackingBudget): number {
  return placeableBounds(bins, sizes, budget).lower;
}

/**
 * Best-fit decreasing, without any search: each visit, longest first, goes into the segment with
 * the least room that still holds it. Returns the packing of the visits it places and the visits
 * it leaves out. Linear in visits × the longest segment: a few milliseconds for 12,000 visits.
 */
export function bestFit(bins: ReadonlyMap<number, number>, sizes: readonly number[]): { solution: PackingSolution; leftOut: number[] } {
  let maxBin = 0;
  for (const [len, n] of bins) if (n > 0) maxBin = Math.max(maxBin, len);
  // byRoom[r]: the segments (indexes into `fillings`) with r minutes of room left.
  const byRoom: number[][] = Array.from({ length: maxBin + 1 }, () => []);
  const caps: number[] = [];
  const fillings: number[][] = [];
  for (const [len, n] of bins) {
    if (!(len > 0)) continue;
    for (let i = 0; i < n; i++) {
      byRoom[len].push(fillings.length);
      caps.push(len);
      fillings.push([]);
    }
  }
  const leftOut: number[] = [];
  for (const v of sizes.slice().sort((a, b) => b - a)) {
    let r = Math.max(v, 1);
    while (r <= maxBin && byRoom[r].length === 0) r++;
    if (r > maxBin) {
      leftOut.push(v);
      continue;
    }
    const bin = byRoom[r].pop()!;
    fillings[bin].push(v);
    byRoom[r - v].push(bin);
  }
  const solution: PackingSolution = new Map();
  fillings.forEach((items, bin) => {
    if (items.length === 0) return;
    const list = solution.get(caps[bin]) ?? [];
    list.push(items);
    solution.set(caps[bin], list);
  });
  return { solution, leftOut };
}

/** The visits best-fit decreasing leaves out (see bestFit). */
export function bestFitLeftOut(bins: ReadonlyMap<number, number>, sizes: readonly number[]): number[] {
  return bestFit(bins, sizes).leftOut;
}

/** Helper: counts of a list of numbers. */
export function countBy(values: Iterable<number>): Map<number, number> {
  const m = new Map<number, number>();
  for (const v of values) m.set(v, (m.get(v) ?? 0) + 1);
  return m;
}
