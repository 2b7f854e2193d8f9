import { amoCalendarGuardOf } from '../plannings/amo-time-elsewhere';
import type { MeetingRecord } from '../../data/plannings-repository';
import type { Deps } from '../../runtime/deps';
import { isHoldActive, isWaitlistOpen } from '../../../shared/domain/waitlist';
import { waitlistMessages } from '../../../shared/messages/waitlist';
import { bookingMessages } from '../../../shared/messages/booking';
import { liveCalendar, remainingDurations } from '../../../shared/scheduling/live-calendar';
import { isOfferable } from '../../../shared/scheduling/slot-offering';
import { ConflictError, NotFoundError } from '../errors';
import { meetingPlanningId } from '../booking/load-meeting';
import { cancelReminder, visitJobs } from '../messaging/visit-notifications';
import { changePlanning } from '../planning-actions/planning-transaction';
import { buyerActor } from './waitlist-actors';
import { withHeldStarts, withoutVisitOf } from '../booking/held-starts';

/**
 * PATCH /rdv/waitlist/{uuid}/take: 'Prendre ce créneau'. ONE transaction (the planning's unit of
 * work) unbooks the old slot and books the held one: the slot grains are handed over, so a buyer
 * booking the same start at the same moment loses on its grain or on the planning's version, and
 * the buyer is never left without a visit. The engine checks the held start again (a staff change
 * since the hold may have taken it): only a start it would still offer this buyer is booked. The
 * freed old slot checks the waitlist again (the unit of work adds that job).
 */
export async function takeHeldStart(deps: Deps, uuid: string): Promise<{ message: string }> {
  const planningId = await meetingPlanningId(deps, uuid);
  return changePlanning(deps, buyerActor, planningId, async ({ planning, meetings }) => {
    const meeting = meetings.find((candidate) => candidate.uuid === uuid);
    if (!meeting) throw new NotFoundError(bookingMessages.notFound);
    const now = deps.now().getTime();
    const hold = meeting.waitHold;
    if (!isWaitlistOpen(planning, now)) throw new ConflictError(bookingMessages.closed);
    if (!isHoldActive(hold, now) || !meeting.waitAskedAt || !meeting.isBooked || meeting.forced || !meeting.start)
      throw new ConflictError(waitlistMessages.holdGone);
    const freed = withoutVisitOf(meetings, uuid);
    // The named AMOs' calendars as read, checked unchanged at commit (a day off saved meanwhile: decide again).
    const amoGuard = await amoCalendarGuardOf(deps, planning);
    const calendar = liveCalendar({ ...planning, busyElsewhere: amoGuard.busyElsewhere }, withHeldStarts(freed, uuid, now), now);
    if (!isOfferable(calendar, meeting.length, remainingDurations(freed, uuid), { startDate: hold.start, amoNb: hold.amoNb }))
      throw new ConflictError(waitlistMessages.holdGone);
    const moved: MeetingRecord = { ...meeting, start: hold.start, end: hold.end, amoNb: hold.amoNb, waitAskedAt: undefined, waitHold: undefined };
    const { jobs, reminder } = visitJobs(deps, planning, moved, true);
    return {
      meetings: [{ before: meeting, after: { ...moved, reminderJobId: reminder?.id }, action: waitlistMessages.history.taken }],
      jobs,
      checks: amoGuard.unchanged,
      result: { message: waitlistMessages.taken },
      // The old reminder finds the visit moved and sends nothing; cancelling it saves its run.
      afterCommit: () => cancelReminder(deps, meeting.reminderJobId),
    };
  });
}
