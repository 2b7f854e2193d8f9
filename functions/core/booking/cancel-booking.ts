import { commitBuyerCancellation } from '../../data/booking-writes';
import type { Deps } from '../../runtime/deps';
import { ConflictError } from '../errors';
import { bookingMessages } from '../../../shared/messages/booking';
import { loadMeetingStateIn, meetingPlanningId } from './load-meeting';
import { PlanningLockLostError, withPlanningLock } from './planning-lock';
import { nextIcsSequence } from '../messaging/meeting-ics';
import { cancelReminder } from '../messaging/visit-notifications';
import { deliverCommittedJobs } from '../jobs/schedule-job';
import type { JobRecord } from '../../data/jobs-repository';
import { recordsLeft } from '../../data/amo-visit-release';
import { hasWaiters, waitlistCheckJob } from '../planning-actions/waitlist-check-job';

/**
 * PATCH /rdv/unbook/{uuid}: the buyer cancels their visit (not one forced by staff). The slot is
 * freed, the meeting and the counters change in the same transaction; the reminder is cancelled.
 * It takes its turn on the planning's lock like the bookings it would otherwise race with.
 */
export async function cancelBooking(deps: Deps, uuid: string): Promise<{ message: string }> {
  const planningId = await meetingPlanningId(deps, uuid);
  const cancelled = await withPlanningLock(deps, planningId, async (lock) => {
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const { planning, meetings, meeting } = await loadMeetingStateIn(deps, planningId, uuid);
      if (!meeting.isBooked || !meeting.start || !meeting.end || meeting.amoNb === null) throw new ConflictError(bookingMessages.notBooked);
      if (meeting.forced) throw new ConflictError(bookingMessages.forced);
      if (Date.parse(meeting.start) <= deps.now().getTime()) throw new ConflictError(bookingMessages.past);
      // The freed slot may be an earlier start for a waiter (docs/user-guide.md « Liste d'attente »): checked by a job of this transaction.
      const jobs: JobRecord[] = hasWaiters(planning, meetings, uuid) ? [waitlistCheckJob(deps, planningId)] : [];
      // A visit recorded in its AMO's calendar (docs/scheduling.md « One person, one calendar »): its record goes with it.
      const released = await recordsLeft(deps.store, planning, [{ before: meeting, after: null }]);
      const outcome = await commitBuyerCancellation(deps.store, {
        release: lock.release(),
        planning,
        meeting,
        icsSequence: nextIcsSequence(meeting),
        at: deps.now().toISOString(),
        jobs,
        released,
      });
      if (!outcome.committed) {
        if (outcome.lost.includes('lock')) throw new PlanningLockLostError();
        continue;
      }
      lock.committed();
      return { meeting, jobs };
    }
    throw new ConflictError(bookingMessages.notBooked);
  });
  await deliverCommittedJobs(deps, cancelled.jobs);
  await cancelReminder(deps, cancelled.meeting.reminderJobId);
  return { message: bookingMessages.cancelled };
}
