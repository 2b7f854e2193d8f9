import { bulkAllows } from '../../../shared/rules/bulk-selection';
import type { Caller } from '../../http/authenticate';
import type { Deps } from '../../runtime/deps';
import { ValidationError } from '../errors';
import { sendInvitations } from '../messaging/send-invitations';
import { loadPlanningFor } from './planning-queries';

export const inviteRefused = "Une erreur est intervenue lors de la tentative d'invitation";

/** POST /rdv/{id}/inviter: refused if any selected buyer is booked, inactive or already invited (part 2 §5). */
export async function inviteBuyers(deps: Deps, caller: Caller, planningId: string, uuids: string[]): Promise<{ done: number }> {
  const { meetings } = await loadPlanningFor(deps, caller, planningId);
  const selected = meetings.filter((meeting) => uuids.includes(meeting.uuid));
  if (selected.length !== new Set(uuids).size || !selected.every((meeting) => bulkAllows('invite', meeting))) {
    throw new ValidationError('Opération impossible. Veuillez vérifier votre sélection.');
  }
  return sendInvitations(deps, planningId, uuids);
}
