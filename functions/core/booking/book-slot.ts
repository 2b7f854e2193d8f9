import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { BookRequest } from '../../../shared/domain/planning';
import { isOfferable } from '../../../shared/scheduling/slot-offering';
import { isConditionFailure } from '../../data/db';
import { keys } from '../../data/keys';
import type { MeetingRecord, PlanningRecord, PlanningState } from '../../data/plannings-repository';
import type { Deps } from '../../runtime/deps';
import { ConflictError, ValidationError } from '../errors';
import { liveCalendar, remainingDurations } from '../../../shared/scheduling/live-calendar';
import { bookingMessages } from './booking-messages';
import { buyerState } from './buyer-view';
import { loadMeetingStateIn, meetingPlanningId } from './load-meeting';
import { lostLockIn, PlanningLockLostError, withPlanningLock, type HeldPlanningLock } from './planning-lock';
import { nextIcsSequence } from './meeting-ics';
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

/** The buyer's meeting in the planning the previous turn handed over, when it is there. */
function handedMeetingState(state: PlanningState | undefined, uuid: string): (PlanningState & { meeting: MeetingRecord }) | undefined {
  const meeting = state?.meetings.find((candidate) => candidate.uuid === uuid);
  return state && meeting && state.planning.templateType !== 'draft' ? { ...state, meeting } : undefined;
}

/** One booking attempt, holding the planning's turn: the checks, then the transaction (exported: a test commits one and stops there, as a crash would). */
export async function attemptBooking(deps: Deps, planningId: string, request: BookRequest, lock: HeldPlanningLock): Promise<Outcome> {
  const given = lock.takeHandedState();
  const handed = handedMeetingState(given?.state, request.usr);
  const readFrom = Date.now();
  const { planning, meetings, meeting } = handed ?? (await loadMeetingStateIn(deps, planningId, request.usr));
  if (!handed) lock.leave({ state: { planning, meetings }, seenFrom: readFrom });
  const now = deps.now();
  const startMs = Date.parse(request.slot.startDate);
  try {
    refuseUnlessChoice(planning, meeting, now);
    if (request.extra.visitors.length > meeting.maxVisitorsNb) throw new ValidationError(bookingMessages.tooManyVisitors(meeting.maxVisitorsNb));
    // The engine decides: only an option it would offer now can be booked.
    if (startMs <= now.getTime() || !isOfferable(liveCalendar(planning, meetings, now.getTime()), meeting.length, remainingDurations(meetings, meeting.uuid), request.slot)) {
      throw new ConflictError(bookingMessages.slotTaken);
    }
  } catch (refusal) {
    // A refusal holds only on the planning as it was during this request: else read it again.
    if (handed && !given?.settled) return { kind: 'retry' };
    throw refusal;
  }
  const start = new Date(startMs).toISOString();
  const end = new Date(startMs + meeting.length).toISOString();
  const grains = slotGrains(planning, request.slot.amoNb, startMs, startMs + meeting.length);
  const extra = request.extra;
  const booked: MeetingRecord = { ...meeting, isBooked: true, start, end, amoNb: request.slot.amoNb, visitors: extra.visitors, icsSequence: nextIcsSequence(meeting) };
  // Transactional outbox: the confirmation and the reminder are written with the booking itself.
  const { jobs, reminder } = visitJobs(deps, planning, booked, true);
  const commitFrom = Date.now();
  try {
    await deps.db.doc.send(
      new TransactWriteCommand({
        TransactItems: [
          lock.releaseItem(),
          ...grains.map((Key) => ({ Put: { TableName: deps.db.table, Item: { ...Key, meetingUuid: meeting.uuid }, ConditionExpression: 'attribute_not_exists(pk)' } })),
          {
            Update: {
              TableName: deps.db.table,
              Key: keys.meeting(planning._id, meeting.uuid),
              UpdateExpression:
                'SET isBooked = :true, #start = :start, #end = :end, amoNb = :amo, bookedAt = :now, visitors = :visitors, icsSequence = :sequence' +
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
                // The planning's version serialises this write with every other change of the meeting.
                ':sequence': booked.icsSequence,
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
    if (lostLockIn(error)) throw new PlanningLockLostError();
    // Changed under the lock by a writer that does not take it (staff): read again, the engine and the state say why.
    return { kind: 'retry' };
  }
  lock.committed();
  const stored = { ...booked, reminderJobId: reminder?.id };
  // The next booking of this process starts from the planning as this one left it.
  lock.leave({
    state: {
      planning: { ...planning, version: planning.version + 1, nbBooked: planning.nbBooked + 1, nbNotBooked: planning.nbNotBooked - (meeting.isInvitationSent ? 1 : 0) },
      meetings: meetings.map((candidate) => (candidate.uuid === meeting.uuid ? stored : candidate)),
    },
    seenFrom: commitFrom,
  });
  return { kind: 'booked', planning, meeting: stored, jobs };
}

/**
 * PATCH /rdv/book/{planningId}: books the chosen option for the buyer. Bookings of one planning
 * take turns on its lock (planning-lock.ts): each reads the planning after the previous one
 * committed, so the engine checks it against every earlier booking and it commits first time.
 * The booking, the meeting and the counters change in one transaction, still conditioned on the
 * planning's version: a staff change made meanwhile (staff do not take the lock) makes it read
 * and check again.
 */
export async function bookSlot(deps: Deps, planningId: string, request: BookRequest): Promise<{ message: string }> {
  await meetingPlanningId(deps, request.usr, planningId);
  const outcome = await withPlanningLock(deps, planningId, async (lock) => {
    for (let attempt = 0; attempt < maxAttempts; attempt += 1) {
      const attempted = await attemptBooking(deps, planningId, request, lock);
      if (attempted.kind === 'booked') return attempted;
    }
    throw new ConflictError(bookingMessages.slotTaken);
  });
  await deliverCommittedJobs(deps, outcome.jobs);
  return { message: bookingMessages.booked };
}
