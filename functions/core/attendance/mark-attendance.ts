import { type AttendanceMark, type AttendanceMarkAnswer } from '../../../shared/domain/attendance';
import { formatParisDateTime } from '../../../shared/i18n/paris-dates';
import { attendanceMessages } from '../../../shared/messages/attendance';
import { actionMessages } from '../../../shared/messages/planning-actions';
import { isAttendanceMarkRecorded } from '../../data/attendance-repository';
import { commitAttendanceMark } from '../../data/planning-writes';
import { getMeeting, type MeetingRecord, type PlanningRecord } from '../../data/plannings-repository';
import type { Caller } from '../caller';
import type { Deps } from '../../runtime/deps';
import { ConflictError, ForbiddenError, NotFoundError } from '../errors';
import { isScheduled } from '../exports/export-visits';
import { historyEntry } from '../planning-actions/planning-transaction';
import { bothPlanningKinds, loadStaffPlanningItem, type StaffActor } from '../plannings/staff-actor';
import { amoWorksOnVisit } from './amo-visit';

const maxAttempts = 8;

function answerOf(meeting: MeetingRecord, recorded: boolean, applied: boolean): AttendanceMarkAnswer {
  const { attendance, attendanceNote, attendanceBy, attendanceMarkedAt } = meeting;
  return { recorded, applied, attendance, attendanceNote, attendanceBy, attendanceMarkedAt };
}

/**
 * The meeting once this mark is applied, or null when a mark made later on its device is already
 * applied (an offline phone's queue sent after a staff correction must not undo it). Marks of the
 * same instant: the one recorded last wins.
 */
function applyMark(meeting: MeetingRecord, mark: AttendanceMark, markedAt: string, actor: StaffActor, at: string): MeetingRecord | null {
  if (meeting.attendanceMarkedAt && markedAt < meeting.attendanceMarkedAt) return null;
  const { attendanceNote: _previousNote, ...rest } = meeting;
  return {
    ...rest,
    attendance: mark.status,
    ...(mark.note ? { attendanceNote: mark.note } : {}),
    attendanceMarkedAt: markedAt,
    attendanceAt: at,
    attendanceBy: actor.name,
  };
}

/**
 * PUT /rdv/{planningId}/meetings/{uuid}/attendance: the AMO marks a held visit 'Présent', 'Absent'
 * or 'Reporté sur place' on the day, staff correct it afterwards. One transaction writes the
 * meeting's fields (conditioned on the ones read, so two marks at once are applied one after the
 * other, each with its history entry), the history entry, the visit's log for the trends and the
 * mark's id (put once: the same mark sent again by an offline queue is recognised and changes
 * nothing). Reads the planning item and the one meeting, never the planning's other buyers.
 */
export async function markAttendance(deps: Deps, caller: Caller, planningId: string, uuid: string, mark: AttendanceMark): Promise<AttendanceMarkAnswer> {
  const { planning, actor } = await loadStaffPlanningItem(deps, caller, planningId, bothPlanningKinds);
  let meeting = await getMeeting(deps.store, planningId, uuid);
  if (!meeting) throw new NotFoundError(actionMessages.meetingNotFound);
  if (caller.role === 'amo' && !amoWorksOnVisit(planning, meeting.amoNb, caller.userId)) throw new ForbiddenError(attendanceMessages.notYourPlanning);
  // A device clock ahead of the server's cannot put its marks beyond every later correction.
  const now = deps.now().toISOString();
  const markedAt = new Date(Math.min(Date.parse(mark.markedAt), Date.parse(now))).toISOString();
  for (let attempt = 0; attempt < maxAttempts && meeting; attempt += 1) {
    if (!isScheduled(meeting)) throw new ConflictError(attendanceMessages.notAVisit);
    // A visit is marked once it has started (README « Présences »): a mark made days ahead would
    // count as attended in the funnel before anybody came.
    if (Date.parse(meeting.start!) > deps.now().getTime()) throw new ConflictError(attendanceMessages.notYetHeld(formatParisDateTime(meeting.start!)));
    if (await isAttendanceMarkRecorded(deps.store, planningId, mark.markId)) return answerOf(meeting, false, false);
    const at = deps.now().toISOString();
    const after = applyMark(meeting, mark, markedAt, actor, at);
    const unit = after
      ? {
          before: meeting,
          after,
          at,
          history: historyEntry(actor, { before: meeting, after, action: attendanceMessages.historyAction }, at),
          log: visitLog(planning, after),
        }
      : { before: meeting, after: null, at, history: lateMarkEntry(meeting, mark, markedAt, actor, at), log: null };
    if (await commitAttendanceMark(deps.store, { ...unit, markId: mark.markId })) return answerOf(after ?? meeting, true, after !== null);
    // Another mark (or a change of the visit) came first, or this very mark did: read again.
    meeting = await getMeeting(deps.store, planningId, uuid);
  }
  if (!meeting) throw new NotFoundError(actionMessages.meetingNotFound);
  throw new ConflictError(actionMessages.busy);
}

/** The visit's attendance, for the trends. */
function visitLog(planning: PlanningRecord, after: MeetingRecord) {
  return {
    uuid: after.uuid,
    planningId: planning._id,
    programId: planning.projectId,
    phase: planning.phase,
    visitStart: after.start!,
    status: after.attendance!,
  };
}

/** A mark older than the one applied: recorded in the history (both marks are there), the meeting unchanged. */
function lateMarkEntry(meeting: MeetingRecord, mark: AttendanceMark, markedAt: string, actor: StaffActor, at: string) {
  // A meeting's mark time only moves forward, so a mark found late stays late: nothing to guard.
  return historyEntry(
    actor,
    {
      before: meeting,
      after: { ...meeting, attendance: mark.status, attendanceNote: mark.note, attendanceMarkedAt: markedAt },
      action: attendanceMessages.historyLateAction,
    },
    at,
  );
}
