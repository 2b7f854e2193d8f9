import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionFailure } from '../../data/db';
import { keys } from '../../data/keys';
import type { Deps } from '../../runtime/deps';
import { ConflictError } from '../errors';
import { bookingMessages } from './booking-messages';
import { slotGrains } from './book-slot';
import { loadMeetingStateIn, meetingPlanningId } from './load-meeting';
import { lostLockIn, PlanningLockLostError, withPlanningLock } from './planning-lock';
import { nextIcsSequence } from './meeting-ics';
import { cancelReminder } from './visit-notifications';

/**
 * PATCH /rdv/unbook/{uuid}: the buyer cancels their visit (not one forced by staff). The slot is
 * freed, the meeting and the counters change in the same transaction; the reminder is cancelled.
 * It takes its turn on the planning's lock like the bookings it would otherwise race with.
 */
export async function cancelBooking(deps: Deps, uuid: string): Promise<{ message: string }> {
  const planningId = await meetingPlanningId(deps, uuid);
  const cancelled = await withPlanningLock(deps, planningId, async (lock) => {
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const { planning, meeting } = await loadMeetingStateIn(deps, planningId, uuid);
      if (!meeting.isBooked || !meeting.start || !meeting.end || meeting.amoNb === null) throw new ConflictError(bookingMessages.notBooked);
      if (meeting.forced) throw new ConflictError(bookingMessages.forced);
      if (Date.parse(meeting.start) <= deps.now().getTime()) throw new ConflictError(bookingMessages.past);
      const grains = slotGrains(planning, meeting.amoNb, Date.parse(meeting.start), Date.parse(meeting.end));
      try {
        await deps.db.doc.send(
          new TransactWriteCommand({
            TransactItems: [
              lock.releaseItem(),
              ...grains.map((Key) => ({ Delete: { TableName: deps.db.table, Key } })),
              {
                Update: {
                  TableName: deps.db.table,
                  Key: keys.meeting(planning._id, meeting.uuid),
                  UpdateExpression: 'SET isBooked = :false, #start = :null, #end = :null, amoNb = :null, icsSequence = :sequence REMOVE bookedAt, reminderJobId',
                  ConditionExpression: 'isBooked = :true AND #start = :start',
                  ExpressionAttributeNames: { '#start': 'start', '#end': 'end' },
                  ExpressionAttributeValues: { ':true': true, ':false': false, ':null': null, ':start': meeting.start, ':sequence': nextIcsSequence(meeting) },
                },
              },
              {
                Update: {
                  TableName: deps.db.table,
                  Key: keys.planning(planning._id),
                  UpdateExpression: 'SET version = version + :one ADD nbBooked :minus, nbNotBooked :notBooked',
                  ConditionExpression: 'version = :version',
                  ExpressionAttributeValues: { ':one': 1, ':minus': -1, ':version': planning.version, ':notBooked': meeting.isInvitationSent ? 1 : 0 },
                },
              },
            ],
          }),
        );
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        if (lostLockIn(error)) throw new PlanningLockLostError();
        continue;
      }
      lock.committed();
      return meeting;
    }
    throw new ConflictError(bookingMessages.notBooked);
  });
  await cancelReminder(deps, cancelled.reminderJobId);
  return { message: bookingMessages.cancelled };
}
