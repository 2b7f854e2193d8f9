import { isPlaced } from './meeting-status';

/**
 * Part 2 §5 'Bulk actions on selected buyers': Invitation refused if any is booked, inactive or
 * already invited; Relance if any is booked or inactive; Rappel and cancel if any is waiting or
 * inactive. One rule for the page (which explains the refusal) and the server (which enforces it).
 */
export type BulkAction = 'invite' | 'relance' | 'rappel' | 'cancel';

interface BulkCandidate {
  isActive: boolean;
  isBooked: boolean;
  forced: string | null;
  isInvitationSent: boolean;
}

export const bulkLabels: Record<BulkAction, string> = { invite: 'Invitation', relance: 'Relance', rappel: 'Rappel', cancel: 'Annuler' };

/** Whether one selected buyer allows the action. */
export function bulkAllows(action: BulkAction, meeting: BulkCandidate): boolean {
  if (!meeting.isActive) return false;
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

const counted = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

/** Why the selection is refused, in French (ours: the specification only refuses), or null. */
export function bulkRefusal(action: BulkAction, selection: readonly BulkCandidate[]): string | null {
  if (selection.length === 0) return 'Sélectionnez au moins un acquéreur.';
  const refused = selection.filter((meeting) => !bulkAllows(action, meeting));
  if (refused.length === 0) return null;
  const inactive = refused.filter((meeting) => !meeting.isActive);
  const active = refused.filter((meeting) => meeting.isActive);
  const reasons: string[] = [];
  if (inactive.length) reasons.push(counted(inactive.length, 'acquéreur inactif', 'acquéreurs inactifs'));
  const placed = active.filter(isPlaced).length;
  const waiting = active.length - placed;
  if (action === 'rappel' || action === 'cancel') {
    if (waiting) reasons.push(counted(waiting, 'acquéreur sans rendez-vous', 'acquéreurs sans rendez-vous'));
  } else {
    if (placed) reasons.push(counted(placed, 'rendez-vous réservé', 'rendez-vous réservés'));
    if (waiting) reasons.push(counted(waiting, 'acquéreur déjà invité', 'acquéreurs déjà invités'));
  }
  return `${bulkLabels[action]} impossible pour cette sélection : ${reasons.join(', ')}.`;
}
