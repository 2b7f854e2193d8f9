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
 * offering keeps the most buyers placeable (issue 11 §2): with `best` the most visits that fit
 * (this buyer included), an option is offered only if `best − 1` of the others still fit after it.
 * A buyer who is in no such placement gets no option (the staff warning named them).
 *
 * Candidate starts (issue 11 §7): the edges of each free interval and every start on the slot step
 * (Paris wall clock) inside it.
 * - authorizeTrous off: a start may leave no gap the remaining visits cannot use: each piece of
 *   the interval left on either side of the visit is empty or at least the shortest remaining
 *   visit. If that leaves no option while some start keeps everyone placeable, those are offered.
 * - authorizeTrous on: every candidate that keeps everyone placeable.
 */
import type { PlanningCalendar, SlotOption } from './schemas';
import type { FreeInterval } from './free-time';
import { durationMinutes, freeIntervals, MINUTE_MS } from './free-time';
import { canPack, countBy, maxPlaceable } from './segment-packing';
import { SCHEDULING_MESSAGES, SchedulingRuleError } from './scheduling-errors';
import { isSmallDuration } from './phase-durations';
import { epochToParisWall, frenchSlotLabel, toEpoch } from './time-grid';

/** Duration in slots (rounded up); 30'/45' are refused with pas 1800 (part 2 §9). */
export function durationSlots(durationMs: number, pas: 900 | 1800): number {
  if (pas === 1800 && isSmallDuration(durationMs)) {
    throw new SchedulingRuleError('INVALID_DURATION', SCHEDULING_MESSAGES.smallDurationsNeedPas900);
  }
  if (!(durationMs > 0)) throw new SchedulingRuleError('INVALID_DURATION', 'Durée de visite invalide.');
  return Math.ceil(durationMs / (pas * 1000));
}

export interface Candidate {
  interval: FreeInterval;
  /** Offset of the start inside the interval, in minutes. */
  offset: number;
}

interface OfferState {
  intervals: FreeInterval[];
  baseBins: Map<number, number>;
  others: number[];
  items: Map<number, number>;
  /** Most of the others that may still be placed after this buyer's booking; others.length when all fit. */
  target: number;
  /** The shortest piece the remaining visits can use. */
  minUsable: number;
  cache: Map<string, boolean>;
}

function prepare(calendar: PlanningCalendar, d: number, remainingDurationsMs: readonly number[]): OfferState | null {
  const intervals = freeIntervals(calendar);
  const others = remainingDurationsMs.map(durationMinutes);
  const baseBins = countBy(intervals.map((r) => r.end - r.start));
  const items = countBy(others);
  const withMe = countBy(others.concat(d));
  let target = others.length;
  if (!canPack({ bins: baseBins, items: withMe })) {
    const best = maxPlaceable(baseBins, others.concat(d));
    // This buyer is in a largest placement only if `best` visits fit with them among them.
    if (best === 0 || !canPackWith(baseBins, others, d, best)) return null;
    target = best - 1;
  }
  return {
    intervals,
    baseBins,
    others,
    items,
    target,
    minUsable: others.length ? Math.min(...others) : d,
    cache: new Map(),
  };
}

/** Do `k` visits fit with this buyer among them (this buyer plus the k − 1 shortest others)? */
function canPackWith(bins: Map<number, number>, others: number[], d: number, k: number): boolean {
  const shortest = others.slice().sort((a, b) => a - b).slice(0, k - 1);
  return canPack({ bins, items: countBy(shortest.concat(d)) });
}

/** After booking `d` minutes at `offset` in an interval of length `len`, do enough others still fit? */
function keepsTarget(st: OfferState, len: number, d: number, offset: number): boolean {
  const a = offset;
  const b = len - d - offset;
  const key = a < b ? `${len}:${a}:${b}` : `${len}:${b}:${a}`;
  let ok = st.cache.get(key);
  if (ok === undefined) {
    const bins = new Map(st.baseBins);
    bins.set(len, (bins.get(len) ?? 0) - 1);
    if (a > 0) bins.set(a, (bins.get(a) ?? 0) + 1);
    if (b > 0) bins.set(b, (bins.get(b) ?? 0) + 1);
    ok = st.target === st.others.length ? canPack({ bins, items: st.items }) : maxPlaceable(bins, st.others) >= st.target;
    st.cache.set(key, ok);
  }
  return ok;
}

/** Each piece left beside the visit is empty or long enough for a remaining visit. */
function leavesUsableGaps(st: OfferState, len: number, d: number, offset: number): boolean {
  const left = offset;
  const right = len - d - offset;
  return (left === 0 || left >= st.minUsable) && (right === 0 || right >= st.minUsable);
}

/** Starts inside an interval: its edges and every start on the slot step of the Paris wall clock. */
function candidateOffsets(interval: FreeInterval, d: number, stepMin: number): number[] {
  const len = interval.end - interval.start;
  if (len < d) return [];
  const wall = epochToParisWall(interval.start * MINUTE_MS).minuteOfDay;
  const out = [0];
  for (let o = (stepMin - (wall % stepMin)) % stepMin || stepMin; o < len - d; o += stepMin) out.push(o);
  if (len - d > 0) out.push(len - d);
  return out;
}

/** The candidates offered to a buyer of `durationMs`, in time order. */
export function offerCandidates(calendar: PlanningCalendar, durationMs: number, remainingDurationsMs: readonly number[]): Candidate[] {
  durationSlots(durationMs, calendar.pas);
  const d = durationMinutes(durationMs);
  const st = prepare(calendar, d, remainingDurationsMs);
  if (!st) return [];
  const stepMin = calendar.pas / 60;
  const placeable: Candidate[] = [];
  const out: Candidate[] = [];
  for (const interval of st.intervals) {
    const len = interval.end - interval.start;
    for (const offset of candidateOffsets(interval, d, stepMin)) {
      if (!calendar.authorizeTrous && !leavesUsableGaps(st, len, d, offset)) {
        // Kept aside: offered only if no start satisfies the gap rule.
        if ((offset === 0 || offset === len - d) && keepsTarget(st, len, d, offset)) placeable.push({ interval, offset });
        continue;
      }
      if (keepsTarget(st, len, d, offset)) out.push({ interval, offset });
    }
  }
  return out.length > 0 || calendar.authorizeTrous ? out : placeable;
}

function toOption(c: Candidate, durationMs: number): SlotOption {
  const start = (c.interval.start + c.offset) * MINUTE_MS;
  const wall = epochToParisWall(start);
  return {
    startDate: new Date(start).toISOString(),
    endDate: new Date(start + durationMs).toISOString(),
    amoNb: c.interval.amo,
    label: frenchSlotLabel(wall.date, wall.minuteOfDay),
  };
}

/**
 * Options a buyer of `durationMs` may pick, sorted by time then AMO. `remainingDurationsMs`: the
 * durations of the other invited, unbooked (and available) buyers, this buyer excluded. Time
 * before `calendar.notBefore` is never offered.
 */
export function offerSlots(calendar: PlanningCalendar, durationMs: number, remainingDurationsMs: readonly number[]): SlotOption[] {
  return offerSlotsCounted(calendar, durationMs, remainingDurationsMs).options;
}

/** The number of options and the first `limit` of them (the simulation lists 20). */
export function offerSlotsCounted(calendar: PlanningCalendar, durationMs: number, remainingDurationsMs: readonly number[], limit = Infinity): { count: number; options: SlotOption[] } {
  const candidates = sortCandidates(offerCandidates(calendar, durationMs, remainingDurationsMs));
  return { count: candidates.length, options: candidates.slice(0, limit).map((c) => toOption(c, durationMs)) };
}

/** By start time, then AMO (numbers: no Date or string on this path). */
export function sortCandidates(candidates: Candidate[]): Candidate[] {
  return candidates.sort((x, y) => x.interval.start + x.offset - (y.interval.start + y.offset) || x.interval.amo - y.interval.amo);
}

/**
 * Server-side re-check of a chosen option before booking: exactly
 * `offerSlots(...).some(o => same start and AMO)`.
 */
export function isOfferable(
  calendar: PlanningCalendar,
  durationMs: number,
  remainingDurationsMs: readonly number[],
  choice: { startDate: string | number; amoNb: number },
): boolean {
  const startMin = toEpoch(choice.startDate) / MINUTE_MS;
  return offerCandidates(calendar, durationMs, remainingDurationsMs).some((c) => c.interval.amo === choice.amoNb && c.interval.start + c.offset === startMin);
}
