import { isPlaced } from './meeting-status';

/**
 * Part 2 §4 'Editing flags in buyer edit': 'Actif' is editable only if the appointment is not yet
 * booked (free) or not confirmed (imposed); 'Disponible' only for a free planning with no start and
 * end, or an imposed planning that is confirmed. Otherwise the reason says what to do first.
 * One rule for the edit form (disabled toggle with the reason) and the server (which refuses).
 */
export const editingFlagReasons = {
  // The specification's tooltip: cancel the appointment first via Calendrier then '-'.
  cancelFirst: "Annulez d'abord le rendez-vous : Calendrier, cliquez sur la visite puis « − ».",
  // ours (imposed): once answered, the answer stands; staff move or cancel the visit instead.
  answered: "L'acquéreur a répondu à sa convocation : déplacez ou annulez le rendez-vous (Calendrier) pour changer son statut.",
  // ours (imposed): a buyer who has not answered is 'en attente'; 'Disponible' follows the answer.
  notAnswered: "Modifiable une fois que l'acquéreur a répondu à sa convocation (présent ou indisponible).",
  // ours (imposed): a cancelled convocation has no date; the buyer is removed and added again with one.
  noDate: "Convocation annulée : retirez l'acquéreur puis ajoutez-le de nouveau avec une date.",
} as const;

interface FlagCandidate {
  isBooked: boolean;
  forced: string | null;
  start: string | null;
  end: string | null;
  isActive: boolean;
  isConfirmed: boolean;
}

/** Why each flag cannot be edited, or null when it can. */
export function editingFlags(meeting: FlagCandidate, imposed: boolean): { active: string | null; available: string | null } {
  if (imposed) {
    return {
      active: meeting.isConfirmed ? editingFlagReasons.answered : !meeting.isActive && !meeting.start ? editingFlagReasons.noDate : null,
      available: meeting.isConfirmed ? null : editingFlagReasons.notAnswered,
    };
  }
  const placed = isPlaced(meeting);
  return { active: placed ? editingFlagReasons.cancelFirst : null, available: placed || meeting.start || meeting.end ? editingFlagReasons.cancelFirst : null };
}
