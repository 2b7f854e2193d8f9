/**
 * Staff changes (forced booking, move) may leave some waiting buyers without any place
 * (issue 11 §2). Before such a change the staff get a warning naming them and may confirm.
 * Exact: the most waiting visits that still fit is found by exact packing, and the visits left out
 * are the longest ones (the shortest k fit whenever any k fit).
 */
import type { PlanningCalendar } from './schemas';
import { durationMinutes, freeIntervals } from './free-time';
import { countBy, maxPlaceable } from './segment-packing';

export interface WaitingBuyer {
  id: string;
  name: string;
  durationMs: number;
}

/** How many of the waiting visits cannot be placed together (0 when all of them fit), exact. */
export function unplaceableCount(calendar: PlanningCalendar, durationsMs: readonly number[]): number {
  const bins = countBy(freeIntervals(calendar).map((r) => r.end - r.start));
  return durationsMs.length - maxPlaceable(bins, durationsMs.map(durationMinutes));
}

/** The waiting buyers that cannot be placed in the calendar (the longest visits first left out). */
export function unplaceableBuyers(calendar: PlanningCalendar, waiting: readonly WaitingBuyer[]): WaitingBuyer[] {
  const bins = countBy(freeIntervals(calendar).map((r) => r.end - r.start));
  const k = maxPlaceable(bins, waiting.map((b) => durationMinutes(b.durationMs)));
  return waiting
    .slice()
    .sort((a, b) => a.durationMs - b.durationMs)
    .slice(k);
}

/**
 * The buyers a change from `before` to `after` would strand: empty when the change leaves at
 * least as many waiting buyers placeable as before, else those who could not be placed after it.
 */
export function strandedByChange(before: PlanningCalendar, after: PlanningCalendar, waiting: readonly WaitingBuyer[]): WaitingBuyer[] {
  const lost = unplaceableBuyers(after, waiting);
  if (lost.length === 0) return [];
  return lost.length > unplaceableBuyers(before, waiting).length ? lost : [];
}
