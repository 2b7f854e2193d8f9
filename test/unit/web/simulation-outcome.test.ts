import type { SimulationData } from '../../../shared/scheduling/schemas';
import { choiceCountLabel, missingHoursLabel, outcomeTexts, simulationOutcome } from '../../../web/src/components/plannings/simulation-outcome';

/**
 * docs/scheduling.md 'Work budget': past its budget the engine says what it has proven, never more,
 * and the staff screens say the same: a count cut by the budget is a lower bound, a simulation left
 * undecided is « Calcul non abouti » with its bounds, never « Pas de solution ».
 */
type Shortfall = NonNullable<SimulationData['shortfall']>;
const missing = (fields: Partial<Shortfall>) => missingHoursLabel({ shortfall: { hoursMissing: 0, extraAmoDays: null, suggestions: [], ...fields } });

describe('what the staff screens say of a simulation (docs/scheduling.md « Work budget »)', () => {
  it('an undecided simulation reads « Calcul non abouti », never « Pas de solution »; a decided one keeps its verdict', () => {
    expect(simulationOutcome({ feasible: true })).toBe('feasible');
    expect(simulationOutcome({ feasible: false, undecided: true })).toBe('undecided');
    expect(simulationOutcome({ feasible: false, undecided: false })).toBe('noSolution');
    expect(simulationOutcome({ feasible: false })).toBe('noSolution');
    expect(outcomeTexts[simulationOutcome({ feasible: false, undecided: true })]).toBe('Calcul non abouti');
    expect(outcomeTexts[simulationOutcome({ feasible: false })]).toBe('Pas de solution');
    expect(outcomeTexts[simulationOutcome({ feasible: true })]).toBe('Tous les acquéreurs sont placés');
  });

  it('a count of choices cut by the budget reads « au moins … », and one cut before any choice is never « 0 créneaux »', () => {
    expect(choiceCountLabel({ count: 12 })).toBe('12 créneaux');
    expect(choiceCountLabel({ count: 1 })).toBe('1 créneau');
    expect(choiceCountLabel({ count: 0 })).toBe('0 créneau');
    expect(choiceCountLabel({ count: 12, partial: true })).toBe('au moins 12 créneaux');
    expect(choiceCountLabel({ count: 2079, partial: true })).toBe(`au moins ${(2079).toLocaleString('fr-FR')} créneaux`);
    const uncounted = choiceCountLabel({ count: 0, partial: true });
    expect(uncounted).toBe('créneaux non comptés (calcul non abouti)');
    expect(uncounted).not.toMatch(/\b0 créneau/);
  });

  it('the missing hours are exact, at least, or between the proven bounds when the calculation did not finish', () => {
    expect(missingHoursLabel({ shortfall: null })).toBeNull();
    expect(missing({ hoursMissing: 0 })).toBeNull();
    expect(missing({ hoursMissing: 2.5 })).toBe('Il manque 2,5 h.');
    expect(missing({ hoursMissing: 1, hoursMissingExact: false })).toBe('Il manque au moins 1 h.');
    expect(missing({ hoursMissing: 1, hoursMissingExact: false, hoursMissingAtMost: 3 })).toBe("Il manque entre 1 h et 3 h (le calcul n'a pas abouti).");
  });
});
