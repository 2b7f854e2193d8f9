import type { Meeting } from '../../../shared/domain/planning';
import { imposedMessages } from '../../../shared/domain/imposed-planning';
import type { MeetingRecord, PlanningState } from '../../data/plannings-repository';
import type { Caller } from '../caller';
import type { Deps } from '../../runtime/deps';
import { cancelReminder } from '../messaging/visit-notifications';
import { ConflictError } from '../errors';
import { buyerMessageJob } from '../messaging/buyer-message-job';
import { toMeeting } from '../plannings/planning-queries';
import { actionMessages } from '../../../shared/messages/planning-actions';
import { assertConvocationSlot, daysWithVisit } from './convocation-rules';
import type { ConvocationMove } from '../../../shared/domain/imposed-action-requests';
import { findMeeting } from './meeting-rules';
import { changePlanning } from './planning-transaction';
import { loadStaffPlanning } from '../plannings/staff-actor';
import { confirmedShortNoticeVisit, programNoticeRule } from '../plannings/short-notice-guard';
import type { ShortNoticeRule } from '../../../shared/rules/short-notice';
import { convocationHistoryActions } from '../../../shared/messages/meeting-history';

const imposedPlanningKinds = ['promoterImpose'] as const;

/** What each move option does to the buyer's answer (part 2 §4 'Moving an appointment'). */
function answerAfterMove(meeting: MeetingRecord, option: ConvocationMove['confirmMoveOption']): Pick<MeetingRecord, 'isConfirmed' | 'isAvailable'> {
  if (option === 'validateAndSendConfirmation') return { isConfirmed: true, isAvailable: true };
  if (option === 'sendConfirmationRequest') return { isConfirmed: false, isAvailable: true };
  return { isConfirmed: meeting.isConfirmed, isAvailable: meeting.isAvailable };
}

/** Where staff put a convocation: the new start (seconds), the AMO column, and their answer to the notice rule's warning. */
export interface ConvocationTarget {
  rdvDate: number;
  selectedAmo?: number | null;
  confirmShortNotice?: boolean;
}

/**
 * The convocation at its new start, once the slot is free for its AMO and staff confirmed the
 * notice rule's warning when the start is closer than the program's days (docs/user-guide.md « Délai de
 * convocation »), with the planning's days holding it: what a move and a no-show's new
 * convocation write. The buyer's answer is the caller's to set.
 */
export function convocationMovedTo(
  deps: Deps,
  caller: Caller,
  rule: ShortNoticeRule,
  { planning, meetings }: PlanningState,
  meeting: MeetingRecord,
  target: ConvocationTarget,
): { moved: MeetingRecord; days: ReturnType<typeof daysWithVisit> } {
  const startMs = target.rdvDate * 1000;
  const visit = { label: meeting.guest.lotcomm, startMs, endMs: startMs + meeting.length, amoNb: target.selectedAmo ?? meeting.amoNb ?? 0 };
  assertConvocationSlot(deps, planning, meetings, visit, meeting.uuid);
  const start = new Date(visit.startMs).toISOString();
  const late = confirmedShortNoticeVisit(rule, planning.phase, meeting.guest, start, deps.now().getTime(), target.confirmShortNotice);
  const moved: MeetingRecord = {
    ...meeting,
    shortNotice: late || undefined,
    start,
    end: new Date(visit.endMs).toISOString(),
    amoNb: visit.amoNb,
    forced: caller.userId,
    reminderJobId: undefined,
  };
  return { moved, days: daysWithVisit(planning, visit) };
}

/**
 * PATCH /rdv/convocation-move/{id}: the single call that moves a convocation (part 2 §4). Options:
 * validate and send the confirmation mail (présent), send a new convocation asking the buyer to
 * confirm (en attente), or just move. The visit, its grains, the counters, the history and the
 * mail's job are one transaction; two staff placing visits of one AMO at once cannot overlap them.
 */
export async function moveConvocation(
  deps: Deps,
  caller: Caller,
  planningId: string,
  request: ConvocationMove,
): Promise<{ message: string; meeting: Meeting }> {
  const staff = await loadStaffPlanning(deps, caller, planningId, imposedPlanningKinds);
  const rule = await programNoticeRule(deps, staff.planning);
  return changePlanning(deps, staff.actor, staff, (state) => {
    const meeting = findMeeting(state, request.selected);
    if (!meeting.isActive) throw new ConflictError(actionMessages.inactive);
    if (!meeting.start || !meeting.isBooked) throw new ConflictError(actionMessages.notBooked);
    // The visit staff saw has moved since: they must look again rather than move another time.
    if (request.selectedDateMove !== undefined && Date.parse(meeting.start) !== request.selectedDateMove * 1000) throw new ConflictError(actionMessages.busy);
    const { moved, days } = convocationMovedTo(deps, caller, rule, state, meeting, request);
    const after: MeetingRecord = { ...moved, ...answerAfterMove(meeting, request.confirmMoveOption) };
    const { planning } = state;
    const jobs =
      request.confirmMoveOption === 'validateAndSendConfirmation'
        ? [buyerMessageJob(deps, planning, after, 'confirmation')]
        : request.confirmMoveOption === 'sendConfirmationRequest'
          ? [buyerMessageJob(deps, planning, after, 'convocation-move')]
          : [];
    return {
      meetings: [{ before: meeting, after, action: convocationHistoryActions.moved }],
      planning: days,
      result: { message: imposedMessages.moved, meeting: toMeeting(after) },
      jobs,
      afterCommit: () => cancelReminder(deps, meeting.reminderJobId),
    };
  });
}
