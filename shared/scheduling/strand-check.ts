/**
 * Staff changes may leave waiting buyers without any place (part 2 §4 availability editing, §5
 * manual booking, move, 'Décaler', adding a buyer). One comparison decides every staff path
 * (`judgeStaffChange`, docs/scheduling.md 'Staff checks fail closed'):
 * - a change that only adds time (every free interval before is inside one after) and adds no
 *   waiting buyer is accepted without any solve: it can strand nobody;
 * - otherwise the most waiting visits that fit is found by exact packing, after then before the
 *   change, and the change strands buyers only when FEWER fit after than before (part 2 §4: an AMO
 *   may still remove time nobody could use once time has passed);
 * - the counts are compared only when exact: when the request's budget (time-budget.ts) leaves
 *   bounds that do not settle the question, the verdict is 'undecided' and the staff are asked to
 *   confirm (never accepted silently, never refused with a wrong reason).
 * The buyers named are the longest visits beyond the most that fit (the shortest k fit whenever
 * any k fit).
 */
import type { PlanningCalendar } from './schemas';
import type { FreeInterval } from './free-time';
import { durationMinutes, freeIntervals } from './free-time';
import { countBy, placeableBounds, type PlaceableBounds } from './segment-packing';
import { TimeBudget } from './time-budget';

export interface WaitingBuyer {
  id: string;
  name: string;
  durationMs: number;
}

/** One side of a staff change: the calendar and the buyers still to place. */
export interface StaffSide {
  calendar: PlanningCalendar;
  waiting: readonly WaitingBuyer[];
}

/** How many waiting buyers are left out, at least and at most (equal: exact). */
interface LeftOut {
  atLeast: number;
  atMost: number;
}

export type StaffVerdict =
  /** `solved` false: the change only adds time, accepted without any solve. */
  | { kind: 'accepted'; solved: boolean }
  /** Proven: fewer buyers fit after the change than before; `stranded` the buyers left out after it. */
  | { kind: 'strands'; stranded: WaitingBuyer[] }
  /** The budget ended before the counts settled the question: staff confirm or not. */
  | { kind: 'undecided'; before: LeftOut; after: LeftOut };

/** The most of the side's buyers that fit: without any solve (`known` absent), or refined from `known` by exact solves within the budget. */
function bounds(side: StaffSide, budget: TimeBudget, known?: PlaceableBounds): PlaceableBounds {
  const bins = countBy(freeIntervals(side.calendar).map((r) => r.end - r.start));
  return placeableBounds(
    bins,
    side.waiting.map((b) => durationMinutes(b.durationMs)),
    known ? { within: budget, atLeast: known.lower, atMost: known.upper } : { within: budget, solve: false },
  );
}

const leftOut = (n: number, b: PlaceableBounds): LeftOut => ({ atLeast: n - b.upper, atMost: n - b.lower });

/** The longest visits beyond the `placed` shortest. */
function beyond(waiting: readonly WaitingBuyer[], placed: number): WaitingBuyer[] {
  return waiting
    .slice()
    .sort((a, b) => a.durationMs - b.durationMs)
    .slice(placed);
}

/** Every free interval of `before` lies inside a free interval of `after` (same AMO): the change removes no time. */
export function onlyAddsTime(before: PlanningCalendar, after: PlanningCalendar): boolean {
  const byAmo = new Map<number, FreeInterval[]>();
  for (const r of freeIntervals(after)) {
    const list = byAmo.get(r.amo) ?? [];
    list.push(r);
    byAmo.set(r.amo, list);
  }
  for (const list of byAmo.values()) list.sort((a, b) => a.start - b.start);
  return freeIntervals(before).every((r) => {
    const list = byAmo.get(r.amo) ?? [];
    // The last interval of `after` starting at or before r.start must cover r.
    let lo = 0;
    let hi = list.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (list[mid].start <= r.start) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found >= 0 && list[found].end >= r.end;
  });
}

/** No buyer waits after the change who did not wait before (by id; the same duration). */
function noNewBuyer(before: readonly WaitingBuyer[], after: readonly WaitingBuyer[]): boolean {
  const known = new Map(before.map((b) => [b.id, b.durationMs]));
  return after.every((b) => known.get(b.id) === b.durationMs);
}

/** The comparison every staff path uses (see the file's comment). One budget for every solve. */
export function judgeStaffChange(before: StaffSide, after: StaffSide, budget?: TimeBudget): StaffVerdict {
  if (noNewBuyer(before.waiting, after.waiting) && onlyAddsTime(before.calendar, after.calendar)) return { kind: 'accepted', solved: false };
  const request = TimeBudget.orDefault(budget);
  const nAfter = after.waiting.length;
  const nBefore = before.waiting.length;
  // Bounds without any solve first (best-fit, the necessary bounds): they often settle it.
  let a = bounds(after, request);
  if (a.lower === nAfter) return { kind: 'accepted', solved: false };
  let b = bounds(before, request);
  const verdict = (): StaffVerdict | null => {
    const lostAfter = leftOut(nAfter, a);
    const lostBefore = leftOut(nBefore, b);
    if (lostAfter.atLeast > lostBefore.atMost) return { kind: 'strands', stranded: beyond(after.waiting, a.lower) };
    if (lostAfter.atMost <= lostBefore.atLeast) return { kind: 'accepted', solved: true };
    return null;
  };
  // Then the exact count before the change (usually one solve: did everyone fit?), then after it.
  b = bounds(before, request, b);
  const settled = verdict();
  if (settled?.kind === 'accepted') return settled;
  // Stranding proven, or not settled yet: the exact count after names the buyers left out.
  a = bounds(after, request, a);
  return verdict() ?? { kind: 'undecided', before: leftOut(nBefore, b), after: leftOut(nAfter, a) };
}

/** How many of the waiting visits cannot be placed together (0 when all of them fit), proven within the budget (past it, at most). */
export function unplaceableCount(calendar: PlanningCalendar, durationsMs: readonly number[], budget?: TimeBudget): number {
  const waiting = durationsMs.map((durationMs, i) => ({ id: String(i), name: '', durationMs }));
  return durationsMs.length - bounds({ calendar, waiting }, TimeBudget.orDefault(budget)).lower;
}

/**
 * The buyers a change from `before` to `after` would strand (the same waiting buyers on both
 * sides): empty when accepted; when undecided, those not proven placeable after it (the caller
 * that must tell the two apart uses judgeStaffChange).
 */
export function strandedByChange(before: PlanningCalendar, after: PlanningCalendar, waiting: readonly WaitingBuyer[], budget?: TimeBudget): WaitingBuyer[] {
  const verdict = judgeStaffChange({ calendar: before, waiting }, { calendar: after, waiting }, budget);
  if (verdict.kind === 'strands') return verdict.stranded;
  if (verdict.kind === 'accepted') return [];
  return beyond(waiting, waiting.length - verdict.after.atMost);
}
