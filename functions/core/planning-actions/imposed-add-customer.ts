import type { Meeting } from '../../../shared/domain/planning';
import { imposedMessages } from '../../../shared/domain/imposed-planning';
import type { Lot } from '../../../shared/domain/lot';
import type { MeetingRecord } from '../../data/plannings-repository';
import type { Deps } from '../../runtime/deps';
import { ConflictError } from '../errors';
import { buyerMessageJob } from '../messaging/buyer-message-job';
import { newMeeting, placedConvocation } from '../plannings/new-meeting';
import { toMeeting } from '../plannings/planning-queries';
import { actionMessages } from '../../../shared/messages/planning-actions';
import { convocationHistoryActions } from '../../../shared/messages/meeting-history';
import { assertConvocationSlot, daysWithVisit, startMsOf } from './convocation-rules';
import { changePlanning } from './planning-transaction';
import type { StaffPlanning } from '../plannings/staff-actor';
import { confirmedShortNoticeVisit, programNoticeRule } from '../plannings/short-notice-guard';

/**
 * PATCH /rdv/{id}/add-customer on an imposed planning {user, duree, start, isMailConvocation}: the
 * lot joins the planning placed at `start` (08:00–20:00, 15-minute steps, never over another visit
 * of its AMO); with isMailConvocation the buyer is convened in the same transaction (outbox job).
 */
export async function addImposedCustomer(
  deps: Deps,
  staff: StaffPlanning,
  lot: Lot,
  request: { duree: number; start?: number | string; isMailConvocation?: boolean; selectedAmo?: number | null; confirmShortNotice?: boolean },
): Promise<{ message: string; meeting: Meeting }> {
  const startMs = startMsOf(request.start);
  const at = deps.now().toISOString();
  const rule = await programNoticeRule(deps, staff.planning);
  const meeting = await changePlanning(deps, staff.actor, staff, ({ planning, meetings }) => {
    if (meetings.some((candidate) => candidate.guest._id === lot._id)) throw new ConflictError(actionMessages.alreadyInPlanning);
    const visit = { label: lot.lotcomm, startMs, endMs: startMs + request.duree, amoNb: request.selectedAmo ?? 0 };
    assertConvocationSlot(deps, planning, meetings, visit);
    // A date imposed closer than the program's notice days: staff confirm the warning first.
    const late = confirmedShortNoticeVisit(rule, planning.phase, lot, new Date(startMs).toISOString(), deps.now().getTime(), request.confirmShortNotice);
    const placed = {
      ...placedConvocation(newMeeting(planning._id, lot, request.duree, planning.maxVisitorsNb), visit, staff.actor.userId, at),
      ...(late ? { shortNotice: true } : {}),
    };
    const after: MeetingRecord = request.isMailConvocation ? { ...placed, isInvitationSent: true, invitationMail: [at] } : placed;
    return {
      meetings: [{ before: null, after, action: convocationHistoryActions.added }],
      planning: { ...daysWithVisit(planning, visit), ...(request.isMailConvocation ? { isInvitationSent: true } : {}) },
      result: after,
      jobs: request.isMailConvocation ? [buyerMessageJob(deps, planning, after, 'invitation')] : [],
    };
  });
  return { message: imposedMessages.added, meeting: toMeeting(meeting) };
}
