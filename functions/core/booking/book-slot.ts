import type { BookRequest } from '../../../shared/domain/planning';
import { isOfferable } from '../../../shared/scheduling/slot-offering';
import { isConditionFailure, commitTransaction, maxTransactionItems, type TransactionItem } from '../../data/db';
import { bookingItems, plannedCountersItem, programOpenCheck } from '../../data/booking-writes';
import type { MeetingRecord, PlanningRecord, PlanningState } from '../../data/plannings-repository';
import type { Deps } from '../../runtime/deps';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import { liveCalendar, remainingDurations } from '../../../shared/scheduling/live-calendar';
import { bookingMessages } from './booking-messages';
import { buyerState } from './buyer-view';
import { loadBookablePlanning, meetingPlanningId } from './load-meeting';
import { lostLockIn, PlanningLockLostError, withPlanningLock, type HeldPlanningLock } from './planning-lock';
import { nextIcsSequence } from './meeting-ics';
import { deliverCommittedJobs, visitJobs } from './visit-notifications';
import { putJobItem, type JobRecord } from '../../data/jobs-repository';

const maxAttempts = 8;

/** Whether a booking transaction failed on its program's open check (its last item, at `index`). */
function programClosedIn(error: unknown, index: number): boolean {
  return (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons?.[index]?.Code === 'ConditionalCheckFailed';
}

function refuseUnlessChoice(planning: PlanningRecord, meeting: MeetingRecord, now: Date): void {
  const state = buyerState(planning, meeting, now);
  if (state === 'disabled') throw new ConflictError(bookingMessages.disabled);
  if (state === 'booked') throw new ConflictError(bookingMessages.alreadyBooked);
  if (state === 'closed') throw new ConflictError(bookingMessages.closed);
  if (state === 'unavailable') throw new ConflictError(bookingMessages.bookedCannotBeUnavailable);
}

export type BookingOutcome = { kind: 'booked'; meeting: MeetingRecord; jobs: JobRecord[] } | { kind: 'refused'; error: Error };

/**
 * One buyer's booking waiting in this process. Bookings of one planning that wait at the same
 * time are decided and committed together by whichever of them holds the planning's turn (a
 * group commit): the others find their outcome ready when their own turn comes.
 */
export interface PendingBooking {
  request: BookRequest;
  /** When the request came (epoch ms): a refusal holds only on the planning as it was after that. */
  came: number;
  outcome?: BookingOutcome;
}

/** The bookings of each planning waiting in this process, in arrival order. */
const waiting = new Map<string, PendingBooking[]>();

/** A booking placed in the batch being built: its items and the meeting as it will be stored. */
interface Placed {
  entry: PendingBooking;
  booked: MeetingRecord;
  jobs: JobRecord[];
  items: TransactionItem[];
}

/** Places one booking on `working` (the planning as it will be once the batch commits), or says why not. */
function place(deps: Deps, working: PlanningState, entry: PendingBooking, now: Date): Placed {
  const { request } = entry;
  const { planning, meetings } = working;
  const meeting = meetings.find((candidate) => candidate.uuid === request.usr);
  if (!meeting) throw new NotFoundError(bookingMessages.notFound);
  refuseUnlessChoice(planning, meeting, now);
  if (request.extra.visitors.length > meeting.maxVisitorsNb) throw new ValidationError(bookingMessages.tooManyVisitors(meeting.maxVisitorsNb));
  const startMs = Date.parse(request.slot.startDate);
  // The engine decides: only an option it would offer now can be booked.
  if (startMs <= now.getTime() || !isOfferable(liveCalendar(planning, meetings, now.getTime()), meeting.length, remainingDurations(meetings, meeting.uuid), request.slot)) {
    throw new ConflictError(bookingMessages.slotTaken);
  }
  const start = new Date(startMs).toISOString();
  const end = new Date(startMs + meeting.length).toISOString();
  const booked: MeetingRecord = { ...meeting, isBooked: true, start, end, amoNb: request.slot.amoNb, visitors: request.extra.visitors, icsSequence: nextIcsSequence(meeting) };
  // Transactional outbox: the confirmation and the reminder are written with the booking itself.
  const { jobs, reminder } = visitJobs(deps, planning, booked, true);
  const stored: MeetingRecord = { ...booked, reminderJobId: reminder?.id };
  const items = [...bookingItems(deps.db.table, planning, stored, request.extra, now), ...jobs.map((job) => putJobItem(deps.db.table, job))];
  return { entry, booked: stored, jobs, items };
}

/** The planning with `placed` booked (its version unchanged: the commit adds one). */
function withBooked(state: PlanningState, placed: Placed[]): PlanningState {
  const byUuid = new Map(placed.map((one) => [one.booked.uuid, one.booked]));
  const invited = placed.filter((one) => one.booked.isInvitationSent).length;
  return {
    planning: { ...state.planning, nbBooked: state.planning.nbBooked + placed.length, nbNotBooked: state.planning.nbNotBooked - invited },
    meetings: state.meetings.map((meeting) => byUuid.get(meeting.uuid) ?? meeting),
  };
}

/**
 * One round holding the planning's turn: decides every undecided booking of `batch` in arrival
 * order against the planning as each earlier one leaves it, and commits those placed in one
 * transaction (exported: a test commits one and stops there, as a crash would). A refusal is
 * final only when seen on the planning as it was after that request came; otherwise the
 * booking stays undecided and the next round reads the planning again. Returns whether the
 * transaction failed on a change made meanwhile by a writer that does not take the turn (staff).
 */
export async function attemptBookings(deps: Deps, planningId: string, batch: PendingBooking[], lock: HeldPlanningLock): Promise<'done' | 'changed'> {
  const given = lock.takeHandedState();
  const readFrom = Date.now();
  const state = given?.state ?? (await loadBookablePlanning(deps, planningId));
  if (!given) lock.leave({ state, seenFrom: readFrom });
  const seenFrom = given?.seenFrom ?? readFrom;
  const now = deps.now();
  const placed: Placed[] = [];
  // Final only once the bookings placed before them are committed (a refusal may be due to one of them).
  const refusals: { entry: PendingBooking; error: Error }[] = [];
  const refuse = () => refusals.forEach(({ entry, error }) => (entry.outcome = { kind: 'refused', error }));
  // The lock's item, the program's open check and the planning's version: in every transaction.
  let itemCount = 3;
  let working = state;
  for (const entry of batch) {
    if (entry.outcome) continue;
    try {
      const one = place(deps, working, entry, now);
      if (itemCount + one.items.length > maxTransactionItems) break;
      itemCount += one.items.length;
      placed.push(one);
      working = withBooked(working, [one]);
    } catch (refusal) {
      if (seenFrom >= entry.came) refusals.push({ entry, error: refusal as Error });
    }
  }
  if (placed.length === 0) {
    refuse();
    return 'done';
  }
  const invited = placed.filter((one) => one.booked.isInvitationSent).length;
  const commitFrom = Date.now();
  try {
    await commitTransaction(deps.db, [
      lock.releaseItem(),
      ...placed.flatMap((one) => one.items),
      plannedCountersItem(deps.db.table, state.planning, { nbBooked: placed.length, nbNotBooked: -invited }),
      programOpenCheck(deps.db.table, state.planning.projectId),
    ]);
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    if (lostLockIn(error)) throw new PlanningLockLostError();
    if (programClosedIn(error, itemCount - 1)) {
      // The program is being deleted: nobody books in it any more (its plannings go next).
      for (const entry of batch) entry.outcome ??= { kind: 'refused', error: new ConflictError(bookingMessages.programDeleted) };
      return 'done';
    }
    return 'changed';
  }
  lock.committed();
  for (const one of placed) one.entry.outcome = { kind: 'booked', meeting: one.booked, jobs: one.jobs };
  refuse();
  // The next turn of this process starts from the planning as this one left it.
  lock.leave({ state: { ...working, planning: { ...working.planning, version: state.planning.version + 1 } }, seenFrom: commitFrom });
  return 'done';
}

/** Decides `own` (and the bookings waiting behind it in this process), holding the planning's turn. */
async function decide(deps: Deps, planningId: string, own: PendingBooking, queue: PendingBooking[]): Promise<BookingOutcome> {
  return withPlanningLock(deps, planningId, async (lock) => {
    for (let attempt = 0; attempt < maxAttempts && !own.outcome; attempt += 1) {
      const batch = queue.filter((entry) => !entry.outcome);
      await attemptBookings(deps, planningId, batch, lock);
    }
    return own.outcome ?? { kind: 'refused', error: new ConflictError(bookingMessages.slotTaken) };
  });
}

/**
 * PATCH /rdv/book/{planningId}: books the chosen option for the buyer. Bookings of one planning
 * take turns on its lock (planning-lock.ts) and each turn commits every booking of this process
 * waiting for it at once (group commit), so a crowd of buyers costs a few transactions instead of
 * one each. Each booking is checked by the engine against every earlier one; the transaction is
 * still conditioned on the planning's version (a staff change made meanwhile, staff do not take
 * the lock, makes the round read and check again) and on each slot grain being free.
 */
export async function bookSlot(deps: Deps, planningId: string, request: BookRequest): Promise<{ message: string }> {
  await meetingPlanningId(deps, request.usr, planningId);
  const own: PendingBooking = { request, came: Date.now() };
  const key = `${deps.db.table}#${planningId}`;
  const queue = waiting.get(key) ?? [];
  waiting.set(key, queue);
  queue.push(own);
  let outcome: BookingOutcome;
  try {
    outcome = await decide(deps, planningId, own, queue);
  } finally {
    queue.splice(queue.indexOf(own), 1);
    if (queue.length === 0) waiting.delete(key);
  }
  if (outcome.kind === 'refused') throw outcome.error;
  await deliverCommittedJobs(deps, outcome.jobs);
  return { message: bookingMessages.booked };
}
