import { isPlaced } from './meeting-status';
import { bulkSelectionMessages } from '../messages/bulk-selection';

/**
 * Part 2 §5 'Bulk actions on selected buyers': Invitation refused if any is booked, inactive or
 * already invited; Relance if any is booked or inactive; Rappel and cancel if any is waiting or
 * inactive. One rule for the page (which explains the refusal) and the server (which enforces it).
 *
 * On an imposed planning (part 2 §2.5, §2.7) every buyer is placed by staff, so 'booked' and 'waiting' are
 * the imposed statuses of part 2 §4: booked = the buyer answered the convocation (confirmed),
 * waiting = 'en attente' (active, not confirmed). A rappel reminds of a visit, so it also skips a
 * buyer who declared force majeure (ours: 'indisponible' has no visit to attend).
 */
export type BulkAction = 'invite' | 'relance' | 'rappel' | 'cancel';

interface BulkCandidate {
  isActive: boolean;
  isBooked: boolean;
  forced: string | null;
  isInvitationSent: boolean;
  /** Imposed plannings only (the buyer's answer to the convocation). */
  isConfirmed?: boolean;
  isAvailable?: boolean;
}

export const bulkLabels: Record<BulkAction, string> = bulkSelectionMessages.labels;

function imposedAllows(action: BulkAction, meeting: BulkCandidate): boolean {
  const answered = meeting.isConfirmed === true;
  switch (action) {
    case 'invite':
      return !answered && !meeting.isInvitationSent;
    case 'relance':
      return !answered;
    case 'rappel':
      return answered && meeting.isAvailable !== false;
    case 'cancel':
      return answered;
  }
}

/** Whether one selected buyer allows the action; `imposed` applies the imposed planning's statuses. */
export function bulkAllows(action: BulkAction, meeting: BulkCandidate, imposed = false): boolean {
  if (!meeting.isActive) return false;
  if (imposed) return imposedAllows(action, meeting);
  switch (action) {
    case 'invite':
      return !isPlaced(meeting) && !meeting.isInvitationSent;
    case 'relance':
      return !isPlaced(meeting);
    case 'rappel':
    case 'cancel':
      return isPlaced(meeting);
  }
}

/** Why an imposed selection is refused, per refused buyer (inactive ones are counted apart). */
function imposedReasons(action: BulkAction, active: readonly BulkCandidate[]): string[] {
  const answered = active.filter((meeting) => meeting.isConfirmed === true);
  const waiting = active.length - answered.length;
  const unavailable = answered.filter((meeting) => meeting.isAvailable === false).length;
  const reasons: string[] = [];
  if (action === 'rappel' || action === 'cancel') {
    if (waiting) reasons.push(bulkSelectionMessages.reasons.waiting(waiting));
    if (unavailable) reasons.push(bulkSelectionMessages.reasons.unavailable(unavailable));
  } else {
    if (answered.length) reasons.push(bulkSelectionMessages.reasons.answered(answered.length));
    if (waiting) reasons.push(bulkSelectionMessages.reasons.convoked(waiting));
  }
  return reasons;
}

/** Why the selection is refused, in French (ours: the specification only refuses), or null. */
export function bulkRefusal(action: BulkAction, selection: readonly BulkCandidate[], imposed = false): string | null {
  if (selection.length === 0) return bulkSelectionMessages.empty;
  const refused = selection.filter((meeting) => !bulkAllows(action, meeting, imposed));
  if (refused.length === 0) return null;
  const inactive = refused.filter((meeting) => !meeting.isActive);
  const active = refused.filter((meeting) => meeting.isActive);
  const reasons: string[] = [];
  if (inactive.length) reasons.push(bulkSelectionMessages.reasons.inactive(inactive.length));
  if (imposed) reasons.push(...imposedReasons(action, active));
  else {
    const placed = active.filter(isPlaced).length;
    const waiting = active.length - placed;
    if (action === 'rappel' || action === 'cancel') {
      if (waiting) reasons.push(bulkSelectionMessages.reasons.notBooked(waiting));
    } else {
      if (placed) reasons.push(bulkSelectionMessages.reasons.booked(placed));
      if (waiting) reasons.push(bulkSelectionMessages.reasons.invited(waiting));
    }
  }
  return bulkSelectionMessages.refused(bulkLabels[action], reasons);
}
