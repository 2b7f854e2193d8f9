import type { SimulationData } from '../../../../shared/scheduling/schemas';
import { formatHours } from './format-hours';
import { simulationOutcomeTexts } from '../../../../shared/messages/scheduling';

/**
 * What the staff screens say of a simulation (docs/scheduling.md 'Work budget': past its budget the
 * engine says what it has proven, never more): a count of choices cut by the budget is a lower
 * bound (« au moins … », never « 0 créneaux » for a count that was not finished), and a
 * simulation the budget left undecided is said so with its bounds, never « Pas de solution ».
 */
export type SimulationOutcome = 'feasible' | 'undecided' | 'noSolution';

export function simulationOutcome(data: Pick<SimulationData, 'feasible' | 'undecided'>): SimulationOutcome {
  if (data.feasible) return 'feasible';
  return data.undecided ? 'undecided' : 'noSolution';
}

export const outcomeTexts = {
  feasible: simulationOutcomeTexts.feasible,
  undecided: simulationOutcomeTexts.undecided,
  noSolution: simulationOutcomeTexts.noSolution,
} as const;

/** « 12 créneaux », or « au moins 12 créneaux » for a count cut by the budget (none counted yet: said so). */
export function choiceCountLabel(choice: { count: number; partial?: boolean }): string {
  if (choice.partial && choice.count === 0) return simulationOutcomeTexts.uncounted;
  const count = simulationOutcomeTexts.choices(choice.count.toLocaleString('fr-FR'), choice.count > 1);
  return choice.partial ? simulationOutcomeTexts.atLeast(count) : count;
}

/** The missing hours: exact, or between its proven bounds when the calculation did not finish. */
export function missingHoursLabel(data: Pick<SimulationData, 'shortfall'>): string | null {
  const shortfall = data.shortfall;
  if (!shortfall) return null;
  const exact = shortfall.hoursMissingExact !== false;
  if (exact) return shortfall.hoursMissing > 0 ? simulationOutcomeTexts.missing(formatHours(shortfall.hoursMissing)) : null;
  const atMost = shortfall.hoursMissingAtMost;
  if (atMost === undefined) return simulationOutcomeTexts.missingAtLeast(formatHours(shortfall.hoursMissing));
  return simulationOutcomeTexts.missingBetween(formatHours(shortfall.hoursMissing), formatHours(atMost));
}
