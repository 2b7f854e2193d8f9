import { attendanceMessages } from '../../../shared/domain/attendance';
import type { MeetingRecord, PlanningRecord } from '../../data/plannings-repository';
import type { Caller } from '../caller';
import type { Deps } from '../../runtime/deps';
import { cancelReminder } from '../booking/visit-notifications';
import { ConflictError } from '../errors';
import { buyerMessageJob } from '../messaging/buyer-message-job';
import { isImposed } from '../messaging/convocation-message';
import { findMeeting, withoutBooking } from '../planning-actions/meeting-rules';
import { changePlanning } from '../planning-actions/planning-transaction';
import { bothPlanningKinds, loadStaffPlanning } from '../planning-actions/staff-actor';

/** The end of the planning's last day: how long an invited-again buyer may book past the deadline. */
function lastDayEnd(planning: PlanningRecord): string {
  return planning.events.reduce((last, event) => (event.end > last ? event.end : last), planning.events[0]?.end ?? planning.planningEndTime);
}

/** The no-show free to book again: no visit, the absence kept in the history (and the trends' log). */
function invitedAgain(meeting: MeetingRecord, planning: PlanningRecord): MeetingRecord {
  const { attendance: _status, attendanceNote: _note, attendanceMarkedAt: _markedAt, attendanceAt: _at, attendanceBy: _by, ...rest } = withoutBooking(meeting);
  return { ...rest, reminderJobId: undefined, bookingReopenedUntil: lastDayEnd(planning) };
}

/**
 * POST /rdv/{planningId}/meetings/{uuid}/reinvite: a buyer marked absent on a free planning gets
 * their invitation again in one action. One transaction frees the missed visit's slot, lets the
 * buyer book again past the booking deadline (until the planning's last day), records it in the
 * history and writes the invitation's job, which the dispatcher delivers like any invitation.
 * Two staff clicking at once: the second finds the buyer no longer absent and is refused.
 */
export async function reinviteNoShow(deps: Deps, caller: Caller, planningId: string, uuid: string): Promise<{ message: string }> {
  const staff = await loadStaffPlanning(deps, caller, planningId, bothPlanningKinds);
  return changePlanning(deps, staff.actor, staff, ({ planning, meetings }) => {
    const meeting = findMeeting({ planning, meetings }, uuid);
    if (isImposed(planning)) throw new ConflictError(attendanceMessages.reinviteImposed);
    if (meeting.attendance !== 'absent' || !meeting.start) throw new ConflictError(attendanceMessages.reinviteNotAbsent);
    const after = invitedAgain(meeting, planning);
    return {
      meetings: [{ before: meeting, after, action: attendanceMessages.historyReinvite }],
      jobs: [buyerMessageJob(deps, planning, after, 'invitation')],
      result: { message: attendanceMessages.reinviteSent },
      afterCommit: () => cancelReminder(deps, meeting.reminderJobId),
    };
  });
}
