import type { MeetingRecord, PlanningState } from '../../data/plannings-repository';
import type { Deps } from '../../runtime/deps';
import { isHoldActive, isWaitlistOpen } from '../../../shared/domain/waitlist';
import { waitlistMessages } from '../../../shared/messages/waitlist';
import { bookingMessages } from '../../../shared/messages/booking';
import { ConflictError, NotFoundError } from '../errors';
import { meetingPlanningId } from '../booking/load-meeting';
import { changePlanning } from '../planning-actions/planning-transaction';
import { buyerActor } from './waitlist-actors';
import { waitlistCheckJob } from '../planning-actions/waitlist-check-job';

function buyerMeeting({ planning, meetings }: PlanningState, uuid: string): MeetingRecord {
  const meeting = meetings.find((candidate) => candidate.uuid === uuid);
  if (!meeting || planning.templateType === 'draft') throw new NotFoundError(bookingMessages.notFound);
  return meeting;
}

/**
 * PUT /rdv/waitlist/{uuid}: 'Prévenez-moi si un créneau plus tôt se libère'. Only a buyer's own
 * future booking on a free planning may wait (a visit fixed by staff is moved by staff). The
 * request goes in the planning's unit of work (its version moves: a cancellation read before it
 * is checked again and sees the waiter), with a check job: an earlier start may be free already.
 * Asking again keeps the first place in the order; past the booking deadline nobody asks.
 */
export async function askWaitlist(deps: Deps, uuid: string): Promise<{ message: string }> {
  const planningId = await meetingPlanningId(deps, uuid);
  return changePlanning(deps, buyerActor, planningId, (state) => {
    const meeting = buyerMeeting(state, uuid);
    const now = deps.now();
    if (state.planning.templateType === 'promoter' && !isWaitlistOpen(state.planning, now.getTime())) throw new ConflictError(bookingMessages.closed);
    const eligible =
      state.planning.templateType === 'promoter' &&
      meeting.isActive &&
      meeting.isBooked &&
      !meeting.forced &&
      !!meeting.start &&
      Date.parse(meeting.start) > now.getTime();
    if (!eligible) throw new ConflictError(waitlistMessages.notBooked);
    if (meeting.waitAskedAt) return { result: { message: waitlistMessages.asked } };
    return {
      meetings: [{ before: meeting, after: { ...meeting, waitAskedAt: now.toISOString() }, action: waitlistMessages.history.joined }],
      jobs: [waitlistCheckJob(deps, planningId)],
      result: { message: waitlistMessages.asked },
    };
  });
}

/** DELETE /rdv/waitlist/{uuid}: the buyer stops waiting; a start held for them goes to the next waiter (a check job). */
export async function leaveWaitlist(deps: Deps, uuid: string): Promise<{ message: string }> {
  const planningId = await meetingPlanningId(deps, uuid);
  return changePlanning(deps, buyerActor, planningId, (state) => {
    const meeting = buyerMeeting(state, uuid);
    if (!meeting.waitAskedAt && !meeting.waitHold) return { result: { message: waitlistMessages.left } };
    const held = isHoldActive(meeting.waitHold, deps.now().getTime());
    return {
      meetings: [{ before: meeting, after: { ...meeting, waitAskedAt: undefined, waitHold: undefined }, action: waitlistMessages.history.left }],
      jobs: held ? [waitlistCheckJob(deps, planningId)] : [],
      result: { message: waitlistMessages.left },
    };
  });
}
