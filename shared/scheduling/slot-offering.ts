/**
 * Slot offering: the options a buyer of duration d may pick in a live planning, such that after
 * booking any of them every other invited, unbooked buyer can still be placed.
 *
 * The free time is a list of free intervals in real minutes (free-time.ts: past time and the
 * minimum notice already removed). Booking start s in an interval of length L replaces the bin L
 * by the bins s and L − d − s; the option is offered only if the remaining buyers still pack
 * (segment-packing.ts, exact). Many options produce the same bins: the check is cached per
 * (L, pieces).
 *
 * Why nobody is stranded: if this buyer and the others fit, some packing puts this buyer in some
 * interval; visits of an interval can be reordered, so the buyer can be first: the start of that
 * interval is an option, and after booking it the others still fit.
 *
 * When they do not all fit any more (a staff move the staff confirmed, an AMO's absence), the
 * offering keeps the most buyers placeable (part 2 §5 manual booking, move): with `best` the most
 * visits that fit (this buyer included), an option is offered only if `best − 1` of the others
 * still fit after it. A buyer who is in no such placement gets no option (the staff warning named
 * them).
 *
 * Candidate starts (part 1 §2 booking page: buyers get a real choice): the edges of each free
 * interval and every start on the slot step (Paris wall clock) inside it.
 * - authorizeTrous off: a start may leave no gap the remaining visits cannot use: each piece of
 *   the interval left on either side of the visit is empty or at least the shortest remaining
 *   visit. If that leaves no option while some start keeps everyone placeable, those are offered.
 * - authorizeTrous on: every candidate that keeps everyone placeable.
 * - A piece left between the notice cut (`notBefore`) and a start is not a hole: that time is
 *   passing anyway.
 * - Starts on the slot step of the Paris wall clock first: a start on an odd minute (an interval
 *   edge after a 50-minute visit, the notice cut at 09:26) is offered only when no start on the
 *   step is.
 *
 * The edge of the notice window: the buyer page offers only starts at or after the notice cut
 * plus OFFER_NOTICE_MARGIN_MIN, rounded up to the slot step, and checks the other buyers against
 * the free time from that instant on; so an option stays valid (the booking re-check, which cuts
 * at the exact notice, accepts it) for at least the margin after the page was computed. When
 * that leaves no option (the last place sits at the very edge), the exact cut is used.
 *
 * Time budget (time-budget.ts): one budget for the whole offer, shared by its solves. Every
 * option listed is proven (its check answered 'yes' within the budget); past the budget the
 * options proven so far are listed, never an unchecked one. The packing found for this buyer and
 * the others (by the solver, or past the budget by best-fit decreasing) proves the edges of the
 * intervals it uses at no extra cost, so a buyer gets those even when the budget stops the other
 * checks.
 */
import type { PlanningCalendar, SlotOption } from './schemas';
import type { FreeInterval } from './free-time';
import { durationMinutes, freeIntervals, MINUTE_MS } from './free-time';
import type { PackingBudget } from './segment-packing';
import type { PackingSolution } from './segment-packing';
import { bestFit, canPack, countBy, decidePacking, placeableBounds, WORK } from './segment-packing';
import { SchedulingRuleError } from './scheduling-errors';
import { SCHEDULING_MESSAGES } from '../messages/scheduling';
import { isSmallDuration } from './phase-durations';
import { epochToParisWall, frenchSlotLabel, parisWallLabel, parisWallToEpoch, toEpoch } from './time-grid';
import { TimeBudget } from './time-budget';
import { calendarShape } from './planning-calendar';

/** Duration in slots (rounded up); 30'/45' are refused with pas 1800 (part 2 §9). */
export function durationSlots(durationMs: number, pas: 900 | 1800): number {
  if (pas === 1800 && isSmallDuration(durationMs)) {
    throw new SchedulingRuleError('INVALID_DURATION', SCHEDULING_MESSAGES.smallDurationsNeedPas900);
  }
  if (!(durationMs > 0)) throw new SchedulingRuleError('INVALID_DURATION', SCHEDULING_MESSAGES.invalidDuration);
  return Math.ceil(durationMs / (pas * 1000));
}

interface Candidate {
  interval: FreeInterval;
  /** Offset of the start inside the interval, in minutes. */
  offset: number;
}

/** Minutes after the notice cut before the first start the buyer page offers (see above). */
const OFFER_NOTICE_MARGIN_MIN = 10;

export interface OfferOptions {
  /** The request's budget (default: a fresh DEFAULT_REQUEST_BUDGET_MS budget). */
  budget?: TimeBudget;
  /** Minutes of margin after the notice cut (the buyer page: OFFER_NOTICE_MARGIN_MIN; the re-check: 0). */
  noticeMarginMin?: number;
}

interface OfferState {
  intervals: FreeInterval[];
  baseBins: Map<number, number>;
  others: number[];
  items: Map<number, number>;
  /** Most of the others that may still be placed after this buyer's booking; others.length when all fit. */
  target: number;
  /** The `target` shortest others (what must still pack after a booking). */
  targetItems: Map<number, number>;
  /** The shortest piece the remaining visits can use. */
  minUsable: number;
  /** Per pieceKey: do enough others still fit? (the visit's length d is the same for every key) */
  cache: Map<number, boolean>;
  packing: PackingBudget;
  budget: TimeBudget;
}

/**
 * The cache key of the pieces a and b left beside the visit in an interval of `len` minutes: a
 * number, not a string (one per candidate start: short-lived garbage on the hot path). Within
 * one offer the visit's length is fixed, so a + b = len − d and (len, the smaller piece) says
 * which pieces; an interval lies within one day (under 32,768 minutes), so the number is exact.
 */
const pieceKey = (len: number, a: number, b: number): number => len * 65_536 + (a < b ? a : b);

/**
 * The state of one offer. `target`: given, the target of the exact state (the margin's state
 * keeps it); else computed. Null when the buyer has no place (or the budget ran out first).
 */
function prepare(calendar: PlanningCalendar, d: number, remainingDurationsMs: readonly number[], budget: TimeBudget, target?: number): OfferState | null {
  const intervals = freeIntervals(calendar);
  const others = remainingDurationsMs.map(durationMinutes);
  const baseBins = countBy(intervals.map((r) => r.end - r.start));
  const items = countBy(others);
  const packing: PackingBudget = { within: budget };
  const cache = new Map<number, boolean>();
  const sortedOthers = others.slice().sort((a, b) => a - b);
  const state = (t: number): OfferState => ({
    intervals,
    baseBins,
    others,
    items,
    target: t,
    targetItems: t === others.length ? items : countBy(sortedOthers.slice(0, t)),
    minUsable: others.length ? Math.min(...others) : d,
    cache,
    packing,
    budget,
  });
  if (target !== undefined && target < others.length) {
    // Not everyone fits: the margin's state must keep the same number placeable (no more can fit
    // with less time), with this buyer among them.
    const found = packWith(baseBins, others, d, target + 1, packing);
    if (!found) return null;
    provenEdges(cache, found, d);
    return state(target);
  }
  let withMe = decidePacking({ bins: baseBins, items: countBy(others.concat(d)) }, packing);
  if (withMe === 'undecided') {
    // Past the budget, best-fit decreasing (no search, linear) may still place everyone: a
    // packing in hand proves the edges it uses, so the buyer keeps options.
    const quick = bestFit(baseBins, others.concat(d));
    if (quick.leftOut.length > 0) return null;
    withMe = quick.solution;
  }
  if (withMe) {
    provenEdges(cache, withMe, d);
    return state(others.length);
  }
  if (target !== undefined) return null;
  // Not everyone fits (proven just above: the most that fit is below everyone, no solve again).
  const most = placeableBounds(baseBins, others.concat(d), { ...packing, atMost: others.length });
  // Only an exact count may set the target: offering on a lower bound could strand a buyer.
  if (most.lower !== most.upper) return null;
  const best = most.lower;
  // This buyer is in a largest placement only if `best` visits fit with them among them.
  const found = best > 0 ? packWith(baseBins, others, d, best, packing) : null;
  if (!found) return null;
  provenEdges(cache, found, d);
  return state(best - 1);
}

/**
 * This buyer first in any interval a packing gives a visit of d minutes: the rest of that
 * interval's visits fit after it, every other interval is unchanged, so the start keeps every
 * visit of the packing placeable (proven at no extra cost).
 */
function provenEdges(cache: Map<number, boolean>, packing: PackingSolution, d: number): void {
  for (const [len, fillings] of packing) if (fillings.some((f) => f.includes(d))) cache.set(pieceKey(len, 0, len - d), true);
}

/** A packing of `k` visits with this buyer among them (this buyer plus the k − 1 shortest others), or null (none, or not found within the budget). */
function packWith(bins: Map<number, number>, others: number[], d: number, k: number, packing: PackingBudget): PackingSolution | null {
  const shortest = others
    .slice()
    .sort((a, b) => a - b)
    .slice(0, k - 1);
  const found = decidePacking({ bins, items: countBy(shortest.concat(d)) }, packing);
  return found === 'undecided' ? null : found;
}

/**
 * After booking `d` minutes at `offset` in an interval of length `len`, do enough others still
 * fit? Past the budget only answers already proven count ("no" otherwise: never offered unproven).
 */
function keepsTarget(st: OfferState, len: number, d: number, offset: number): boolean {
  const a = offset;
  const b = len - d - offset;
  const key = pieceKey(len, a, b);
  let ok = st.cache.get(key);
  if (ok === undefined) {
    if (st.budget.expired()) return false;
    const bins = new Map(st.baseBins);
    bins.set(len, (bins.get(len) ?? 0) - 1);
    if (a > 0) bins.set(a, (bins.get(a) ?? 0) + 1);
    if (b > 0) bins.set(b, (bins.get(b) ?? 0) + 1);
    // The `target` shortest others fit exactly when `target` of them do (the shortest k fit whenever any k fit).
    ok = canPack({ bins, items: st.targetItems }, undefined, st.packing);
    // An answer cut by the budget is not an answer: kept only when the budget still runs.
    if (ok || !st.budget.expired()) st.cache.set(key, ok);
  }
  return ok;
}

/** Each piece left beside the visit is empty, long enough for a remaining visit, or passing time before the notice cut. */
function leavesUsableGaps(st: OfferState, interval: FreeInterval, d: number, offset: number): boolean {
  const left = offset;
  const right = interval.end - interval.start - d - offset;
  return (left === 0 || left >= st.minUsable || interval.leftAtNotice) && (right === 0 || right >= st.minUsable);
}

/** Starts inside an interval: its edges and every start on the slot step of the Paris wall clock. */
function candidateOffsets(interval: FreeInterval, d: number, stepMin: number): number[] {
  const len = interval.end - interval.start;
  if (len < d) return [];
  const first = firstOnStep(interval, stepMin);
  const out = [0];
  for (let o = first || stepMin; o < len - d; o += stepMin) out.push(o);
  if (len - d > 0) out.push(len - d);
  return out;
}

/** Offset of the first start on the slot step of the Paris wall clock (0 when the interval starts on it). */
function firstOnStep(interval: FreeInterval, stepMin: number): number {
  const wall = epochToParisWall(interval.start * MINUTE_MS).minuteOfDay;
  return (stepMin - (wall % stepMin)) % stepMin;
}

const onStep = (c: Candidate, stepMin: number): boolean => {
  const first = firstOnStep(c.interval, stepMin);
  return c.offset >= first && (c.offset - first) % stepMin === 0;
};

/** The first instant on the slot step of the Paris wall clock at or after `ms`. */
function stepCeil(ms: number, stepMin: number): number {
  const { date, minuteOfDay } = epochToParisWall(Math.ceil(ms / MINUTE_MS) * MINUTE_MS);
  const up = Math.ceil(minuteOfDay / stepMin) * stepMin;
  const t = parisWallToEpoch(date, up >= 24 * 60 ? 24 * 60 - stepMin : up);
  return up >= 24 * 60 ? t + stepMin * MINUTE_MS : t;
}

/** Candidates of one state, in interval order; `complete` false when the budget stopped the checks. */
function candidatesOf(calendar: PlanningCalendar, st: OfferState, d: number): Candidate[] {
  const stepMin = calendar.pas / 60;
  const placeable: Candidate[] = [];
  const out: Candidate[] = [];
  for (const interval of st.intervals) {
    const len = interval.end - interval.start;
    for (const offset of candidateOffsets(interval, d, stepMin)) {
      st.budget.spend(WORK.candidate);
      if (!calendar.authorizeTrous && !leavesUsableGaps(st, interval, d, offset)) {
        // Kept aside: offered only if no start satisfies the gap rule.
        if ((offset === 0 || offset === len - d) && keepsTarget(st, len, d, offset)) placeable.push({ interval, offset });
        continue;
      }
      if (keepsTarget(st, len, d, offset)) out.push({ interval, offset });
    }
  }
  const chosen = out.length > 0 || calendar.authorizeTrous ? out : placeable;
  // Starts on the slot step first (an odd minute only when no start on the step is offered).
  const stepped = chosen.filter((c) => onStep(c, stepMin));
  return stepped.length > 0 ? stepped : chosen;
}

/** The candidates offered to a buyer of `durationMs`, in interval order. */
function offerCandidates(input: PlanningCalendar, durationMs: number, remainingDurationsMs: readonly number[], options: OfferOptions = {}): Candidate[] {
  const calendar = calendarShape(input);
  durationSlots(durationMs, calendar.pas);
  const budget = TimeBudget.orDefault(options.budget);
  const d = durationMinutes(durationMs);
  const st = prepare(calendar, d, remainingDurationsMs, budget);
  if (!st) return [];
  const margin = options.noticeMarginMin ?? 0;
  if (calendar.notBefore !== undefined && margin > 0) {
    const cut = stepCeil(calendar.notBefore + margin * MINUTE_MS, calendar.pas / 60);
    const later = prepare({ ...calendar, notBefore: cut }, d, remainingDurationsMs, budget, st.target);
    const found = later ? candidatesOf(calendar, later, d) : [];
    if (found.length > 0) return found;
  }
  return candidatesOf(calendar, st, d);
}

function toOption(c: Candidate, durationMs: number): SlotOption {
  const start = (c.interval.start + c.offset) * MINUTE_MS;
  const wall = epochToParisWall(start);
  return {
    startDate: new Date(start).toISOString(),
    endDate: new Date(start + durationMs).toISOString(),
    amoNb: c.interval.amo,
    label: frenchSlotLabel(wall.date, wall.minuteOfDay) + parisWallLabel(start).slice(5),
  };
}

/**
 * Options a buyer of `durationMs` may pick, sorted by time then AMO. `remainingDurationsMs`: the
 * durations of the other invited, unbooked (and available) buyers, this buyer excluded. Time
 * before `calendar.notBefore` is never offered; the buyer page's margin after it applies.
 */
export function offerSlots(calendar: PlanningCalendar, durationMs: number, remainingDurationsMs: readonly number[], options: OfferOptions = {}): SlotOption[] {
  return offerSlotsCounted(calendar, durationMs, remainingDurationsMs, Infinity, options).options;
}

/** The number of options and the first `limit` of them (the simulation lists 20). */
export function offerSlotsCounted(
  calendar: PlanningCalendar,
  durationMs: number,
  remainingDurationsMs: readonly number[],
  limit = Infinity,
  options: OfferOptions = {},
): { count: number; options: SlotOption[] } {
  const candidates = sortCandidates(offerCandidates(calendar, durationMs, remainingDurationsMs, { noticeMarginMin: OFFER_NOTICE_MARGIN_MIN, ...options }));
  return { count: candidates.length, options: candidates.slice(0, limit).map((c) => toOption(c, durationMs)) };
}

/** By start time, then AMO (numbers: no Date or string on this path). */
function sortCandidates(candidates: Candidate[]): Candidate[] {
  return candidates.sort((x, y) => x.interval.start + x.offset - (y.interval.start + y.offset) || x.interval.amo - y.interval.amo);
}

/**
 * Server-side re-check of a chosen option before booking, at the exact notice cut (no margin):
 * the option is among the options of that instant. A start on the slot step that keeps the gap
 * rule is among them exactly when it keeps the others placeable (one check); any other start
 * needs the whole offer. Past the budget an unproven start is refused (the buyer tries again).
 */
export function isOfferable(
  input: PlanningCalendar,
  durationMs: number,
  remainingDurationsMs: readonly number[],
  choice: { startDate: string | number; amoNb: number },
  options: { budget?: TimeBudget } = {},
): boolean {
  const calendar = calendarShape(input);
  durationSlots(durationMs, calendar.pas);
  const budget = TimeBudget.orDefault(options.budget);
  const startMin = toEpoch(choice.startDate) / MINUTE_MS;
  const d = durationMinutes(durationMs);
  const stepMin = calendar.pas / 60;
  const st = prepare(calendar, d, remainingDurationsMs, budget);
  if (!st) return false;
  const interval = st.intervals.find((r) => r.amo === choice.amoNb && r.start <= startMin && startMin + d <= r.end);
  if (!interval) return false;
  const offset = startMin - interval.start;
  if (!candidateOffsets(interval, d, stepMin).includes(offset)) return false;
  const candidate = { interval, offset };
  if (onStep(candidate, stepMin) && (calendar.authorizeTrous || leavesUsableGaps(st, interval, d, offset))) {
    return keepsTarget(st, interval.end - interval.start, d, offset);
  }
  return candidatesOf(calendar, st, d).some((c) => c.interval === interval && c.offset === offset);
}
