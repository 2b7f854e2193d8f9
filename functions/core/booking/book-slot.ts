import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { BookRequest } from '../../../shared/domain/planning';
import { isOfferable } from '../../../shared/scheduling/slot-offering';
import { isConditionFailure } from '../../data/db';
import { keys } from '../../data/keys';
import type { MeetingRecord, PlanningRecord } from '../../data/plannings-repository';
import type { Deps } from '../../runtime/deps';
import { ConflictError, ValidationError } from '../errors';
import { liveCalendar, remainingDurations } from '../../../shared/scheduling/live-calendar';
import { bookingMessages } from './booking-messages';
import { buyerState } from './buyer-view';
import { loadMeetingState } from './load-meeting';
import { deliverCommittedJobs, visitJobs } from './visit-notifications';
import { putJobItem, type JobRecord } from '../../data/jobs-repository';

const maxAttempts = 8;

/** The pas-long grains a visit covers: one item each, written only if absent (one booking per slot). */
export function slotGrains(planning: PlanningRecord, amoNb: number, startMs: number, endMs: number) {
  const grains = [];
  for (let at = startMs; at < endMs; at += planning.pas * 1000) grains.push(keys.slotGrain(planning._id, amoNb, at));
  return grains;
}

function refuseUnlessChoice(planning: PlanningRecord, meeting: MeetingRecord, now: Date): void {
  const state = buyerState(planning, meeting, now);
  if (state === 'disabled') throw new ConflictError(bookingMessages.disabled);
  if (state === 'booked') throw new ConflictError(bookingMessages.alreadyBooked);
  if (state === 'closed') throw new ConflictError(bookingMessages.closed);
  if (state === 'unavailable') throw new ConflictError(bookingMessages.bookedCannotBeUnavailable);
}

type Outcome = { kind: 'booked'; meeting: MeetingRecord; planning: PlanningRecord; jobs: JobRecord[] } | { kind: 'retry' };

/** One booking attempt: the checks, then the transaction (exported: a test commits one and stops there, as a crash would). */
export async function attemptBooking(deps: Deps, planningId: string, request: BookRequest): Promise<Outcome> {
  const { planning, meetings, meeting } = await loadMeetingState(deps, request.usr, planningId);
  const now = deps.now();
  refuseUnlessChoice(planning, meeting, now);
  if (request.extra.visitors.length > meeting.maxVisitorsNb) throw new ValidationError(bookingMessages.tooManyVisitors(meeting.maxVisitorsNb));
  const startMs = Date.parse(request.slot.startDate);
  // The engine decides: only an option it would offer now can be booked.
  if (startMs <= now.getTime() || !isOfferable(liveCalendar(planning, meetings), meeting.length, remainingDurations(meetings, meeting.uuid), request.slot)) {
    throw new ConflictError(bookingMessages.slotTaken);
  }
  const start = new Date(startMs).toISOString();
  const end = new Date(startMs + meeting.length).toISOString();
  const grains = slotGrains(planning, request.slot.amoNb, startMs, startMs + meeting.length);
  const extra = request.extra;
  const booked: MeetingRecord = { ...meeting, isBooked: true, start, end, amoNb: request.slot.amoNb, visitors: extra.visitors };
  // Transactional outbox: the confirmation and the reminder are written with the booking itself.
  const { jobs, reminder } = visitJobs(deps, planning, booked, true);
  try {
    await deps.db.doc.send(
      new TransactWriteCommand({
        TransactItems: [
          ...grains.map((Key) => ({ Put: { TableName: deps.db.table, Item: { ...Key, meetingUuid: meeting.uuid }, ConditionExpression: 'attribute_not_exists(pk)' } })),
          {
            Update: {
              TableName: deps.db.table,
              Key: keys.meeting(planning._id, meeting.uuid),
              UpdateExpression:
                'SET isBooked = :true, #start = :start, #end = :end, amoNb = :amo, bookedAt = :now, visitors = :visitors' +
                (extra.isInterestedVr !== undefined ? ', isInterestedVr = :vr' : '') +
                (extra.shoeSize ? ', shoeSize = :shoe' : '') +
                (extra.shoeSize2 ? ', shoeSize2 = :shoe2' : '') +
                (reminder ? ', reminderJobId = :job' : ' REMOVE reminderJobId'),
              ConditionExpression: 'isBooked = :false AND isActive = :true AND isAvailable = :true',
              ExpressionAttributeNames: { '#start': 'start', '#end': 'end' },
              ExpressionAttributeValues: {
                ':true': true,
                ':false': false,
                ':start': start,
                ':end': end,
                ':amo': request.slot.amoNb,
                ':now': now.toISOString(),
                ':visitors': extra.visitors,
                ...(extra.isInterestedVr !== undefined ? { ':vr': extra.isInterestedVr } : {}),
                ...(extra.shoeSize ? { ':shoe': extra.shoeSize } : {}),
                ...(extra.shoeSize2 ? { ':shoe2': extra.shoeSize2 } : {}),
                ...(reminder ? { ':job': reminder.id } : {}),
              },
            },
          },
          {
            // The version makes bookings of one planning serial: each is checked against the state it saw.
            Update: {
              TableName: deps.db.table,
              Key: keys.planning(planning._id),
              UpdateExpression: 'SET version = version + :one ADD nbBooked :one, nbNotBooked :notBooked',
              ConditionExpression: 'version = :version',
              ExpressionAttributeValues: { ':one': 1, ':version': planning.version, ':notBooked': meeting.isInvitationSent ? -1 : 0 },
            },
          },
          ...jobs.map((job) => putJobItem(deps.db.table, job)),
        ],
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
    const versionIndex = grains.length + 1;
    const onlyVersion = reasons.every((reason, index) => (index === versionIndex ? reason.Code === 'ConditionalCheckFailed' : reason.Code !== 'ConditionalCheckFailed'));
    if (onlyVersion) return { kind: 'retry' };
    throw new ConflictError(reasons[grains.length]?.Code === 'ConditionalCheckFailed' ? bookingMessages.alreadyBooked : bookingMessages.slotTaken);
  }
  return { kind: 'booked', planning, meeting: { ...booked, reminderJobId: reminder?.id }, jobs };
}

/**
 * PATCH /rdv/book/{planningId}: books the chosen option for the buyer. The booking, the meeting
 * and the counters change in one transaction, conditioned on the planning's version; a booking
 * that lost a race re-reads the planning and is checked again.
 */
export async function bookSlot(deps: Deps, planningId: string, request: BookRequest): Promise<{ message: string }> {
  for (let attempt = 0; attempt < maxAttempts; attempt += 1) {
    const outcome = await attemptBooking(deps, planningId, request);
    if (outcome.kind === 'booked') {
      await deliverCommittedJobs(deps, outcome.jobs);
      return { message: bookingMessages.booked };
    }
    await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * (attempt + 1)));
  }
  throw new ConflictError(bookingMessages.slotTaken);
}
