import type { Meeting } from '../../../shared/domain/planning';
import { ApiError } from '../../../web/src/api/api-error';
import { visitFailureMessages } from '../../../web/src/pages/virtual-visits/visit-failure-messages';
import { adminVisitPeriod, buyerVisitPeriod } from '../../../web/src/pages/virtual-visits/visit-form-defaults';
import { viewLogPageSizeOptions } from '../../../web/src/pages/virtual-visits/visit-logs-config';
import { visitSelectionRefusal } from '../../../web/src/pages/virtual-visits/visit-selection-rules';

// 2026-03-10 at 23:30 in Paris (22:30 UTC): the Paris day is the 10th, whatever the machine's zone.
const lateEvening = Date.parse('2026-03-10T22:30:00Z');
const refused = new ApiError(500, 'Service indisponible', { message: 'Service indisponible' });

function meeting(lotcomm: string, vrUuid?: string): Meeting {
  return { uuid: `meeting-${lotcomm}`, vrUuid, guest: { lotcomm, nom: `Acquéreur ${lotcomm}`, email: `${lotcomm}@exemple.fr` } } as unknown as Meeting;
}

/** Part 1 §2, part 3 §2: the virtual-visit screens' defaults and messages, as the user reads them. */
describe('virtual visit screens', () => {
  it('part 3 §5: the admin form is valid from today to today + 7 days (Paris days)', () => {
    expect(adminVisitPeriod(lateEvening)).toEqual({ startDate: '2026-03-10', endDate: '2026-03-17' });
  });

  it("part 2 §5: a buyer's visit from the planning detail is valid from today to today + 21 days, across the clock change", () => {
    expect(buyerVisitPeriod(lateEvening)).toEqual({ startDate: '2026-03-10', endDate: '2026-03-31' });
  });

  it('part 2 §8: a failed creation says createFailed, then the server message', () => {
    expect(visitFailureMessages.create(refused)).toBe('Une erreur est apparue lors de la création de la visite. Service indisponible');
  });

  it("part 2 §8: a failed deletion says deleteFailed followed by the buyers' e-mails", () => {
    expect(visitFailureMessages.delete(['a@exemple.fr', '', 'b@exemple.fr'], refused)).toBe(
      "Erreur lors de la suppression de la visite de l'utilisateur a@exemple.fr, b@exemple.fr : Service indisponible",
    );
  });

  it('part 2 §8: a failed send of the links says sendLinksFailed', () => {
    expect(visitFailureMessages.sendLinks(refused)).toBe(
      "Une erreur est intervenue lors de la tentative d'envoi des liens des visites virtuelles : Service indisponible",
    );
  });

  it("part 2 §8: the program's visits and the promoters list say planningVisitsFailed and promotersFailed when they cannot be read", () => {
    expect(visitFailureMessages.programVisitsEmpty(true)).toBe('Erreur lors de la récupération des visites virtuelles du planning.');
    expect(visitFailureMessages.programVisitsEmpty(false)).toBe('Aucune visite virtuelle pour ce programme');
    expect(visitFailureMessages.promotersEmpty(true)).toBe('Une erreur est apparue lors du chargement de la liste des promoteurs');
    expect(visitFailureMessages.promotersEmpty(false)).toBe('Aucun promoteur');
  });

  it('part 3 §9: the history offers 50 (the default), 100, 200 and 500 lines per page', () => {
    expect(viewLogPageSizeOptions).toEqual([
      { value: 50, label: '50' },
      { value: 100, label: '100' },
      { value: 200, label: '200' },
      { value: 500, label: '500' },
    ]);
  });

  it('part 3 §2: removing visits needs a selected buyer with a visit; sending links needs every one to have one', () => {
    expect(visitSelectionRefusal('remove-vr', [meeting('A1'), meeting('A2')])).toBe("Aucun des acquéreurs sélectionnés n'a de visite virtuelle.");
    expect(visitSelectionRefusal('remove-vr', [meeting('A1'), meeting('A2', 'ABCDEFGHJ')])).toBeNull();
    expect(visitSelectionRefusal('send-vr', [meeting('A1'), meeting('A2', 'ABCDEFGHJ')])).toBe('1 acquéreur sans visite virtuelle.');
    expect(visitSelectionRefusal('create-vr', [meeting('A1'), meeting('A2')])).toBe('Sélectionnez un seul acquéreur.');
  });
});
