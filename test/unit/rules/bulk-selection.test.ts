import { bulkAllows, bulkRefusal } from '../../../shared/rules/bulk-selection';

const waiting = { isActive: true, isBooked: false, forced: null, isInvitationSent: false };
const invited = { ...waiting, isInvitationSent: true };
const booked = { ...invited, isBooked: true };
const forced = { ...invited, forced: '2026-12-14T09:00:00.000Z' };
const inactive = { ...waiting, isActive: false };

describe('bulk actions on selected buyers (part 2 §5)', () => {
  it('Invitation is refused for a booked, inactive or already invited buyer', () => {
    expect(bulkAllows('invite', waiting)).toBe(true);
    expect([booked, forced, inactive, invited].map((meeting) => bulkAllows('invite', meeting))).toEqual([false, false, false, false]);
  });

  it('Relance is refused for a booked or inactive buyer, allowed once invited', () => {
    expect(bulkAllows('relance', invited)).toBe(true);
    expect([booked, forced, inactive].map((meeting) => bulkAllows('relance', meeting))).toEqual([false, false, false]);
  });

  it('Rappel and cancel are refused for a waiting or inactive buyer; a visit placed by staff counts as booked', () => {
    for (const action of ['rappel', 'cancel'] as const) {
      expect([booked, forced].map((meeting) => bulkAllows(action, meeting))).toEqual([true, true]);
      expect([invited, inactive, { ...booked, isActive: false }].map((meeting) => bulkAllows(action, meeting))).toEqual([false, false, false]);
    }
  });

  it('the refusal names what blocks the selection, counted', () => {
    expect(bulkRefusal('invite', [waiting, booked, invited, invited, inactive])).toBe(
      'Invitation impossible pour cette sélection : 1 acquéreur inactif, 1 rendez-vous réservé, 2 acquéreurs déjà invités.',
    );
    expect(bulkRefusal('cancel', [booked, invited])).toBe('Annuler impossible pour cette sélection : 1 acquéreur sans rendez-vous.');
    expect(bulkRefusal('rappel', [booked, forced])).toBeNull();
    expect(bulkRefusal('relance', [])).toBe('Sélectionnez au moins un acquéreur.');
  });
});
