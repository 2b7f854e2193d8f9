import { attendanceMessages } from '../../../shared/messages/attendance';
import type { ReinviteRequest } from '../../../shared/domain/reinvite-request';
import type { ShortNoticeRule } from '../../../shared/rules/short-notice';
import type { MeetingRecord, PlanningRecord, PlanningState } from '../../data/plannings-repository';
import type { Caller } from '../caller';
import type { Deps } from '../../runtime/deps';
import { cancelReminder } from '../messaging/visit-notifications';
import { ConflictError, ValidationError } from '../errors';
import { buyerMessageJob } from '../messaging/buyer-message-job';
import { isImposed } from '../messaging/convocation-message';
import { convocationMovedTo } from '../planning-actions/convocation-move';
import { programNoticeRule } from '../plannings/short-notice-guard';
import { findMeeting, withoutBooking } from '../planning-actions/meeting-rules';
import { changePlanning, type PlanningChange } from '../planning-actions/planning-transaction';
import { bothPlanningKinds, loadStaffPlanning } from '../plannings/staff-actor';

/** The end of the planning's last day: how long an invited-again buyer may book past the deadline. */
function lastDayEnd(planning: PlanningRecord): string {
  return planning.events.reduce((last, event) => (event.end > last ? event.end : last), planning.events[0]?.end ?? planning.planningEndTime);
}

/** The meeting without its mark: the absence stays in the history (and the trends' log). */
function withoutAttendance(meeting: MeetingRecord): MeetingRecord {
  const { attendance: _status, attendanceNote: _note, attendanceMarkedAt: _markedAt, attendanceAt: _at, attendanceBy: _by, ...rest } = meeting;
  return rest;
}

/** The no-show free to book again: no visit. */
function invitedAgain(meeting: MeetingRecord, planning: PlanningRecord): MeetingRecord {
  return { ...withoutAttendance(withoutBooking(meeting)), reminderJobId: undefined, bookingReopenedUntil: lastDayEnd(planning) };
}

type Answer = { message: string };

/** Free planning: the missed slot freed, the invitation's job; the buyer books again by themselves. */
function reinvitedOnFreePlanning(deps: Deps, planning: PlanningRecord, meeting: MeetingRecord, request: ReinviteRequest): PlanningChange<Answer> {
  if (request.rdvDate !== undefined) throw new ValidationError(attendanceMessages.reinviteFreeWithDate);
  const after = invitedAgain(meeting, planning);
  return {
    meetings: [{ before: meeting, after, action: attendanceMessages.historyReinvite }],
    jobs: [buyerMessageJob(deps, planning, after, 'invitation')],
    result: { message: attendanceMessages.reinviteSent },
    afterCommit: () => cancelReminder(deps, meeting.reminderJobId),
  };
}

/**
 * Imposed planning: the buyer has no choice to make, so staff choose the new start (part 2 §4
 * 'Moving an appointment', option 'Envoyer une demande de confirmation'): the visit moves there
 * under the same checks as a convocation move, notice rule included, and the buyer gets a new
 * convocation to confirm.
 */
function reconvened(
  deps: Deps,
  caller: Caller,
  rule: ShortNoticeRule,
  state: PlanningState,
  meeting: MeetingRecord,
  request: ReinviteRequest,
): PlanningChange<Answer> {
  if (request.rdvDate === undefined)
    throw new ValidationError(attendanceMessages.reconveneDateRequired, [{ path: 'rdvDate', message: attendanceMessages.reconveneDateRequired }]);
  const { moved, days } = convocationMovedTo(deps, caller, rule, state, meeting, { ...request, rdvDate: request.rdvDate });
  const after: MeetingRecord = { ...withoutAttendance(moved), isConfirmed: false, isAvailable: true };
  return {
    meetings: [{ before: meeting, after, action: attendanceMessages.historyReconvene }],
    planning: days,
    jobs: [buyerMessageJob(deps, state.planning, after, 'convocation-move')],
    result: { message: attendanceMessages.reconvened },
    afterCommit: () => cancelReminder(deps, meeting.reminderJobId),
  };
}

/**
 * POST /rdv/{planningId}/meetings/{uuid}/reinvite: a buyer marked absent is invited again in one
 * action (docs/user-guide.md « Présences »). One transaction changes the visit, records it in the history and
 * writes the message's job, which the dispatcher delivers: on a free planning the invitation (the
 * missed slot freed, booking open past the deadline until the planning's last day); on an imposed
 * one a new convocation at the start staff chose. Two staff clicking at once: the second finds
 * the buyer no longer absent and is refused.
 */
export async function reinviteNoShow(deps: Deps, caller: Caller, planningId: string, uuid: string, request: ReinviteRequest = {}): Promise<Answer> {
  const staff = await loadStaffPlanning(deps, caller, planningId, bothPlanningKinds);
  const rule = isImposed(staff.planning) ? await programNoticeRule(deps, staff.planning) : null;
  return changePlanning(deps, staff.actor, staff, (state) => {
    const meeting = findMeeting(state, uuid);
    if (meeting.attendance !== 'absent' || !meeting.start) throw new ConflictError(attendanceMessages.reinviteNotAbsent);
    return rule ? reconvened(deps, caller, rule, state, meeting, request) : reinvitedOnFreePlanning(deps, state.planning, meeting, request);
  });
}
