import type { PlanningCounters } from '../domain/planning';

/**
 * Progress (part 1 §4, part 2 §4), a rounded percentage:
 * free = (booked + not available) / invited; imposed = (confirmed + not available) / invited.
 */
export function planningProgress(counters: PlanningCounters, imposed: boolean): { percent: number; waiting: number } {
  const { answered: done, invited } = planningAnswers(counters, imposed);
  const percent = invited > 0 ? Math.round((done / invited) * 100) : 0;
  const waiting = imposed ? counters.nbInvited - counters.nbNotAvailable - counters.nbConfirmed : counters.nbNotBooked - counters.nbNotAvailable;
  return { percent, waiting: Math.max(0, waiting) };
}

/**
 * The summary's 'Réponses' (part 2 §2.6, §2.7): buyers who answered, out of those invited. Free:
 * booked + not available. Imposed: confirmed (présent) + not available (force majeure), never
 * the booked count, which holds every placed convocation (part 2 §2.5, §2.7: '11 / 10' otherwise).
 */
export function planningAnswers(counters: PlanningCounters, imposed: boolean): { answered: number; invited: number } {
  const answered = (imposed ? counters.nbConfirmed : counters.nbBooked) + counters.nbNotAvailable;
  // A buyer who answered was reached, even when the invitations leave later (staff booked them
  // first): never 'Réponses 400 / 0'. The detail page counts from its meetings (meeting-counts.ts).
  return { answered, invited: Math.max(counters.nbInvited, answered) };
}
