import { bulkAllows, bulkRefusal } from '../../../shared/rules/bulk-selection';
import { editingFlags } from '../../../shared/rules/editing-flags';
import { editingFlagReasons } from '../../../shared/messages/planning-actions';
import { planningAnswers, planningProgress } from '../../../shared/rules/planning-progress';

/** Part 2 §2.7: the imposed planning's detail rules shared by the page and the server. */
const placed = { isBooked: true, forced: 'staff', start: '2026-12-14T09:00:00.000Z', end: '2026-12-14T10:00:00.000Z', isInvitationSent: true };
const waiting = { ...placed, isActive: true, isConfirmed: false, isAvailable: true };
const present = { ...waiting, isConfirmed: true };
const unavailable = { ...present, isAvailable: false };
const inactive = { ...waiting, isActive: false };

describe('imposed planning detail rules (part 2 §4, §5)', () => {
  it("part 2 §4 progress and 'Réponses' of an imposed planning: (confirmed + not available) / invited, never the booked count", () => {
    // The demo's imposed planning: 10 convened and placed, 3 présents, 1 force majeure.
    const counters = { nbInvited: 10, nbBooked: 10, nbNotBooked: 0, nbConfirmed: 3, nbNotAvailable: 1, nbInactive: 0 };
    expect(planningAnswers(counters, true)).toEqual({ answered: 4, invited: 10 });
    expect(planningProgress(counters, true)).toEqual({ percent: 40, waiting: 6 });
    // The free planning keeps booked + not available.
    expect(planningAnswers({ ...counters, nbBooked: 5 }, false)).toEqual({ answered: 6, invited: 10 });
  });

  it("part 2 §5 bulk actions with the imposed statuses: relance only 'en attente', rappel only 'présent', cancel only answered; inactive never", () => {
    const all = { waiting, present, unavailable, inactive };
    const allowed = (action: Parameters<typeof bulkAllows>[0]) =>
      Object.entries(all)
        .filter(([, meeting]) => bulkAllows(action, meeting, true))
        .map(([name]) => name);
    expect(allowed('relance')).toEqual(['waiting']);
    expect(allowed('rappel')).toEqual(['present']);
    expect(allowed('cancel')).toEqual(['present', 'unavailable']);
    expect(allowed('invite')).toEqual([]);
    expect(bulkAllows('invite', { ...waiting, isInvitationSent: false }, true)).toBe(true);
    // The free rule would refuse every placed convocation's relance.
    expect(bulkAllows('relance', waiting)).toBe(false);
  });

  it('part 2 §5 the imposed refusal says which buyers block the action', () => {
    expect(bulkRefusal('cancel', [present, waiting, waiting], true)).toBe('Annuler impossible pour cette sélection : 2 acquéreurs en attente de réponse.');
    expect(bulkRefusal('rappel', [present, unavailable, inactive], true)).toBe(
      'Rappel impossible pour cette sélection : 1 acquéreur inactif, 1 acquéreur indisponible.',
    );
    expect(bulkRefusal('relance', [waiting, present, unavailable], true)).toBe('Relance impossible pour cette sélection : 2 acquéreurs ayant déjà répondu.');
    expect(bulkRefusal('relance', [waiting], true)).toBeNull();
  });

  it("part 2 §4 editing flags: 'Actif' until the convocation is answered, 'Disponible' once answered; free plannings unchanged", () => {
    expect(editingFlags(waiting, true)).toEqual({ active: null, available: editingFlagReasons.notAnswered });
    expect(editingFlags(present, true)).toEqual({ active: editingFlagReasons.answered, available: null });
    expect(editingFlags(unavailable, true)).toEqual({ active: editingFlagReasons.answered, available: null });
    expect(editingFlags({ ...inactive, isBooked: false, forced: null, start: null, end: null }, true)).toEqual({
      active: editingFlagReasons.noDate,
      available: editingFlagReasons.notAnswered,
    });
    expect(editingFlags(present, false)).toEqual({ active: editingFlagReasons.cancelFirst, available: editingFlagReasons.cancelFirst });
    expect(editingFlags({ ...waiting, isBooked: false, forced: null, start: null, end: null }, false)).toEqual({ active: null, available: null });
  });
});
