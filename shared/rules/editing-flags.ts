import { isPlaced } from './meeting-status';
import { editingFlagReasons } from '../messages/planning-actions';

/**
 * Part 2 §4 'Editing flags in buyer edit': 'Actif' is editable only if the appointment is not yet
 * booked (free) or not confirmed (imposed); 'Disponible' only for a free planning with no start and
 * end, or an imposed planning that is confirmed. Otherwise the reason says what to do first.
 * One rule for the edit form (disabled toggle with the reason) and the server (which refuses); the
 * reasons are in shared/messages/planning-actions.ts.
 */

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
