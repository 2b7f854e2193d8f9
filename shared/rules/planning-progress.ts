import type { PlanningCounters } from '../domain/planning';

/**
 * Progress (part 1 §4, part 2 §4), a rounded percentage:
 * free = (booked + not available) / invited; imposed = (confirmed + not available) / invited.
 */
export function planningProgress(counters: PlanningCounters, imposed: boolean): { percent: number; waiting: number } {
  const done = (imposed ? counters.nbConfirmed : counters.nbBooked) + counters.nbNotAvailable;
  const percent = counters.nbInvited > 0 ? Math.round((done / counters.nbInvited) * 100) : 0;
  const waiting = imposed ? counters.nbInvited - counters.nbNotAvailable - counters.nbConfirmed : counters.nbNotBooked - counters.nbNotAvailable;
  return { percent, waiting: Math.max(0, waiting) };
}
