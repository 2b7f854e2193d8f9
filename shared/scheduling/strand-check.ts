/**
 * Staff changes (forced booking, move) may leave some waiting buyers without any place (part 2 §5
 * manual booking, move). Before such a change the staff get a warning naming them and may confirm.
 * Exact: the most waiting visits that still fit is found by exact packing, and the visits left out
 * are the longest ones (the shortest k fit whenever any k fit).
 *
 * Time budget (time-budget.ts): one budget per staff check, shared by its solves. Past it, a
 * count counts only the visits proven placeable: the warning may then name a buyer who would in
 * fact fit (the staff can confirm), it never stays silent about one who would not.
 */
import type { PlanningCalendar } from './schemas';
import { durationMinutes, freeIntervals } from './free-time';
import { countBy, maxPlaceable } from './segment-packing';
import { TimeBudget } from './time-budget';

export interface WaitingBuyer {
  id: string;
  name: string;
  durationMs: number;
}

/** How many of the waiting visits cannot be placed together (0 when all of them fit), exact within the budget. */
export function unplaceableCount(calendar: PlanningCalendar, durationsMs: readonly number[], budget?: TimeBudget): number {
  const bins = countBy(freeIntervals(calendar).map((r) => r.end - r.start));
  return durationsMs.length - maxPlaceable(bins, durationsMs.map(durationMinutes), { within: TimeBudget.orDefault(budget) });
}

/** The waiting buyers that cannot be placed in the calendar (the longest visits first left out). */
export function unplaceableBuyers(calendar: PlanningCalendar, waiting: readonly WaitingBuyer[], budget?: TimeBudget): WaitingBuyer[] {
  const bins = countBy(freeIntervals(calendar).map((r) => r.end - r.start));
  const k = maxPlaceable(
    bins,
    waiting.map((b) => durationMinutes(b.durationMs)),
    { within: TimeBudget.orDefault(budget) },
  );
  return waiting
    .slice()
    .sort((a, b) => a.durationMs - b.durationMs)
    .slice(k);
}

/**
 * The buyers a change from `before` to `after` would strand: empty when the change leaves at
 * least as many waiting buyers placeable as before, else those who could not be placed after it.
 * Both counts share one budget.
 */
export function strandedByChange(before: PlanningCalendar, after: PlanningCalendar, waiting: readonly WaitingBuyer[], budget?: TimeBudget): WaitingBuyer[] {
  const request = TimeBudget.orDefault(budget);
  const lost = unplaceableBuyers(after, waiting, request);
  if (lost.length === 0) return [];
  const lostBefore = unplaceableBuyers(before, waiting, request).length;
  // Past the budget 'before' may be overcounted too: warn rather than stay silent.
  return lost.length > lostBefore || request.expired() ? lost : [];
}
