import { amoCalendarGuardOf } from '../plannings/amo-time-elsewhere';
import type { z } from 'zod';
import type { Meeting } from '../../../shared/domain/planning';
import { isPlaced } from '../../../shared/rules/meeting-status';
import { durationSlots } from '../../../shared/scheduling/slot-offering';
import { getLot } from '../../data/lots-repository';
import { getMeeting } from '../../data/plannings-repository';
import { deleteVirtualVisit } from '../../data/virtual-visits-repository';
import type { Caller } from '../caller';
import { newMeeting } from '../plannings/new-meeting';
import type { Deps } from '../../runtime/deps';
import { ConflictError, ValidationError } from '../errors';
import { sendInvitations } from '../messaging/send-invitations';
import { toMeeting } from '../plannings/planning-queries';
import { actionMessages, historyActions } from '../../../shared/messages/planning-actions';
import { assertEveryoneFits, findMeeting } from './meeting-rules';
import { changePlanning } from './planning-transaction';
import type { addCustomerSchema, removeCustomerSchema } from '../../../shared/domain/planning-action-requests';
import { bothPlanningKinds, loadStaffPlanning } from '../plannings/staff-actor';
import { addImposedCustomer } from './imposed-add-customer';

/**
 * PATCH /rdv/{id}/add-customer {user, duree, isMailInvitation}: a lot of the program joins the
 * planning. The engine must still fit every buyer to be placed, this one included, otherwise
 * 422 'Pas de solution'. The invitation goes out at once when asked.
 */
export async function addCustomer(
  deps: Deps,
  caller: Caller,
  planningId: string,
  request: z.infer<typeof addCustomerSchema>,
): Promise<{ message: string; meeting: Meeting }> {
  const staff = await loadStaffPlanning(deps, caller, planningId, bothPlanningKinds);
  const lot = await getLot(deps.store, staff.planning.projectId, request.user);
  if (!lot) throw new ValidationError(actionMessages.guestRequired);
  // part 2 §2.5, §2.7: on an imposed planning the buyer is placed at `start` and convened when asked.
  if (staff.planning.templateType === 'promoterImpose') return addImposedCustomer(deps, staff, lot, request);
  if (request.isMailInvitation === undefined)
    throw new ValidationError(actionMessages.guestRequired, [{ path: 'isMailInvitation', message: actionMessages.guestRequired }]);
  const result = await changePlanning(deps, staff.actor, staff, async ({ planning, meetings }) => {
    if (meetings.some((meeting) => meeting.guest._id === lot._id)) throw new ConflictError(actionMessages.alreadyInPlanning);
    durationSlots(request.duree, planning.pas);
    const meeting = newMeeting(planning._id, lot, request.duree, planning.maxVisitorsNb);
    // Checked unchanged at commit: a day off saved meanwhile makes the buyer's fit decided again.
    const guard = await amoCalendarGuardOf(deps, planning);
    assertEveryoneFits({ ...planning, busyElsewhere: guard.busyElsewhere }, meetings, [...meetings, meeting], deps.now().getTime(), request.confirmStrand);
    return { meetings: [{ before: null, after: meeting, action: historyActions.added }], result: meeting, checks: guard.unchanged };
  });
  if (!request.isMailInvitation) return { message: actionMessages.buyerAdded, meeting: toMeeting(result) };
  const { jobIds } = await sendInvitations(deps, planningId, [result.uuid]);
  await deps.scheduler.runSoon(jobIds);
  return { message: actionMessages.buyerAdded, meeting: toMeeting((await getMeeting(deps.store, planningId, result.uuid)) ?? result) };
}

/**
 * PATCH /rdv/{id}/remove-customer {rdvId, ...}: the buyer leaves the planning. A buyer with a
 * visit must be cancelled first (part 2 §5), so no slot is ever freed silently here. Their 3D
 * virtual visit leaves with them (part 3 §2): nothing on the planning would point at it any more.
 */
export async function removeCustomer(
  deps: Deps,
  caller: Caller,
  planningId: string,
  request: z.infer<typeof removeCustomerSchema>,
): Promise<{ message: string }> {
  const staff = await loadStaffPlanning(deps, caller, planningId, bothPlanningKinds);
  return changePlanning(deps, staff.actor, staff, (state) => {
    const meeting = findMeeting(state, request.rdvId);
    if (isPlaced(meeting)) throw new ConflictError(actionMessages.removeBookedFirst);
    const vrUuid = meeting.vrUuid;
    return {
      meetings: [{ before: meeting, after: null, action: historyActions.removed }],
      result: { message: actionMessages.buyerRemoved },
      afterCommit: vrUuid ? () => deleteVirtualVisit(deps.store, vrUuid) : undefined,
    };
  });
}
