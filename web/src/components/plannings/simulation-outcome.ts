import type { SimulationData } from '../../../../shared/scheduling/schemas';
import { formatHours } from './format-hours';

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
  feasible: 'Tous les acquéreurs sont placés',
  undecided: 'Calcul non abouti',
  noSolution: 'Pas de solution',
} as const;

/** « 12 créneaux », or « au moins 12 créneaux » for a count cut by the budget (none counted yet: said so). */
export function choiceCountLabel(choice: { count: number; partial?: boolean }): string {
  if (choice.partial && choice.count === 0) return 'créneaux non comptés (calcul non abouti)';
  const count = `${choice.count.toLocaleString('fr-FR')} ${choice.count > 1 ? 'créneaux' : 'créneau'}`;
  return choice.partial ? `au moins ${count}` : count;
}

/** The missing hours: exact, or between its proven bounds when the calculation did not finish. */
export function missingHoursLabel(data: Pick<SimulationData, 'shortfall'>): string | null {
  const shortfall = data.shortfall;
  if (!shortfall) return null;
  const exact = shortfall.hoursMissingExact !== false;
  if (exact) return shortfall.hoursMissing > 0 ? `Il manque ${formatHours(shortfall.hoursMissing)}.` : null;
  const atMost = shortfall.hoursMissingAtMost;
  if (atMost === undefined) return `Il manque au moins ${formatHours(shortfall.hoursMissing)}.`;
  return `Il manque entre ${formatHours(shortfall.hoursMissing)} et ${formatHours(atMost)} (le calcul n'a pas abouti).`;
}
