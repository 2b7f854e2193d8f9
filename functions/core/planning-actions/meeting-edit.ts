import { amoCalendarGuardOf } from '../plannings/amo-time-elsewhere';
import type { z } from 'zod';
import type { Meeting } from '../../../shared/domain/planning';
import { isPlaced } from '../../../shared/rules/meeting-status';
import type { MeetingRecord } from '../../data/plannings-repository';
import type { Caller } from '../caller';
import type { Deps } from '../../runtime/deps';
import { ConflictError, ValidationError } from '../errors';
import { toMeeting } from '../plannings/planning-queries';
import { actionMessages, historyActions } from '../../../shared/messages/planning-actions';
import { mapWithConcurrency } from '../../runtime/concurrency';
import { assertEveryoneFits, findMeeting, selectMeetings } from './meeting-rules';
import { changePlanning, updateMeetingFields } from './planning-transaction';
import type { meetingEditSchema, notificationsSchema } from '../../../shared/domain/planning-action-requests';
import { bothPlanningKinds, loadStaffPlanning } from '../plannings/staff-actor';
import { isImposed } from '../messaging/convocation-message';
import { editingFlags } from '../../../shared/rules/editing-flags';

/** True when the meeting is one the engine must still place. */
function toPlace(meeting: MeetingRecord): boolean {
  return meeting.isActive && meeting.isAvailable && !isPlaced(meeting);
}

/**
 * PATCH /rdv/{planningId}/meetings/{uuid}: staff edit a buyer (part 2 §4 'Editing flags', §5
 * 'Buyer edit'). 'Actif' only before a booking (imposed: before the answer); 'Disponible' only
 * without a visit (imposed: once answered, présent ⇄ indisponible); a buyer made
 * active or available again must still fit (the engine decides). Counters follow in the same
 * transaction.
 */
export async function editMeeting(
  deps: Deps,
  caller: Caller,
  planningId: string,
  uuid: string,
  patch: z.infer<typeof meetingEditSchema>,
): Promise<{ message: string; meeting: Meeting }> {
  if (Object.keys(patch).length === 0) throw new ValidationError(actionMessages.nothingToChange);
  const staff = await loadStaffPlanning(deps, caller, planningId, bothPlanningKinds);
  return changePlanning(deps, staff.actor, staff, async ({ planning, meetings }) => {
    const meeting = findMeeting({ planning, meetings }, uuid);
    const imposed = isImposed(planning);
    const locked = editingFlags(meeting, imposed);
    // The free planning keeps its texts (the specification's for 'Disponible'); the imposed one says why.
    if (patch.isActive !== undefined && patch.isActive !== meeting.isActive && locked.active)
      throw new ConflictError(imposed ? locked.active : actionMessages.activeLocked);
    if (patch.isAvailable !== undefined && patch.isAvailable !== meeting.isAvailable && locked.available) {
      throw new ConflictError(imposed ? locked.available : actionMessages.bookedCannotBeUnavailable);
    }
    const { nom, confirmStrand, ...fields } = patch;
    const after: MeetingRecord = { ...meeting, ...fields, ...(nom !== undefined ? { guest: { ...meeting.guest, nom } } : {}) };
    const placing = toPlace(after) && !toPlace(meeting);
    // A buyer to place again must fit in the named AMOs' own time, their calendars checked unchanged at commit.
    const guard = placing ? await amoCalendarGuardOf(deps, planning) : undefined;
    if (guard)
      assertEveryoneFits(
        { ...planning, busyElsewhere: guard.busyElsewhere },
        meetings,
        meetings.map((candidate) => (candidate.uuid === uuid ? after : candidate)),
        deps.now().getTime(),
        confirmStrand,
      );
    return {
      meetings: [{ before: meeting, after, action: historyActions.edited }],
      result: { message: actionMessages.buyerUpdated, meeting: toMeeting(after) },
      checks: guard?.unchanged,
    };
  });
}

/** POST /rdv/{id}/update-notifications {notifMail, notifSMS, uuids}: the buyers' channels. */
export async function updateNotifications(
  deps: Deps,
  caller: Caller,
  planningId: string,
  request: z.infer<typeof notificationsSchema>,
): Promise<{ message: string; done: number }> {
  const staff = await loadStaffPlanning(deps, caller, planningId, bothPlanningKinds);
  const selected = selectMeetings(staff, request.uuids, () => true);
  const updated = await mapWithConcurrency(selected, 8, (meeting) =>
    updateMeetingFields(deps, staff.actor, meeting, historyActions.notifications, (current) => ({
      ...current,
      notifMail: request.notifMail,
      notifSMS: request.notifSMS,
    })),
  );
  return { message: actionMessages.notificationsSaved, done: updated.filter(Boolean).length };
}
