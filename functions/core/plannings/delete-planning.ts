import { deletePlanningPartition } from '../../data/plannings-repository';
import { cancelJob } from '../../data/jobs-repository';
import { deleteVirtualVisit } from '../../data/virtual-visits-repository';
import { deleteVisitPromoter } from '../../data/visit-promoters-repository';
import type { Caller } from '../caller';
import type { Deps } from '../../runtime/deps';
import { ConflictError } from '../errors';
import { loadPlanningFor } from './planning-queries';
import { isPlaced } from '../../../shared/rules/meeting-status';

export const cannotDelete = 'Ce planning ne peut pas être supprimé.';

/**
 * DELETE /rdv/{id}: refused once invitations are sent or slots booked (409), except for an
 * administrator who confirmed (force). Pending reminders are cancelled with it.
 */
export async function deletePlanning(deps: Deps, caller: Caller, planningId: string, force: boolean): Promise<{ message: string }> {
  const { planning, meetings } = await loadPlanningFor(deps, caller, planningId);
  const engaged = planning.isInvitationSent || meetings.some(isPlaced);
  if (engaged && !(force && caller.role === 'administrator')) throw new ConflictError(cannotDelete);
  for (const meeting of meetings) {
    if (meeting.reminderJobId && (await cancelJob(deps.db, meeting.reminderJobId))) await deps.scheduler.cancel(meeting.reminderJobId);
  }
  await deletePlanningPartition(deps.db, planningId);
  // part 1 §2, part 3 §2: the planning's virtual-visit promoter entry goes with it (part 2 §4, §7 POST
  // /promoter-dbn, its internal name), and so do its buyers' visits, made with that promoter for
  // entries that no longer exist (the same rule as removing one buyer); see docs/api.md.
  for (const meeting of meetings) if (meeting.vrUuid) await deleteVirtualVisit(deps.db, meeting.vrUuid);
  if (planning.vrPromoterId) await deleteVisitPromoter(deps.db, planning.vrPromoterId);
  return { message: 'Planning supprimé.' };
}
