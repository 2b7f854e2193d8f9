import type { BookRequest } from '../../../shared/domain/planning';
import { counterChange, withCounterChange } from '../../../shared/rules/planning-counters';
import { isOfferable } from '../../../shared/scheduling/slot-offering';
import {
  enqueueBookingRequest,
  getBookingOutcome,
  handedOwner,
  listWaitingBookingRequests,
  lookAtBookingRequest,
  settleBookingRequests,
  waitingBookingRequests,
  withdrawBookingRequest,
  type BookingRequestItem,
  type StoredBookingOutcome,
} from '../../data/booking-requests-repository';
import { randomUUID } from 'node:crypto';
import { bookingRoundRoom, commitBookingRound, type RoundBooking } from '../../data/booking-round-writes';
import type { MeetingRecord, PlanningRecord } from '../../data/plannings-repository';
import { getMeetings, type EngineMeeting } from '../../data/booking-round-repository';
import type { Deps } from '../../runtime/deps';
import { AppError, ConflictError, NotFoundError, ServiceUnavailableError, ValidationError } from '../errors';
import { liveCalendar, remainingDurations } from '../../../shared/scheduling/live-calendar';
import { bookingMessages } from '../../../shared/messages/booking';
import { isShiftRunning } from '../../../shared/domain/planning-shift';
import { shiftMessages } from '../../../shared/messages/plannings';
import { buyerState } from './buyer-view';
import { loadBookingRoundOf, meetingPlanningId } from './load-meeting';
import { PlanningLockLostError, planningLockPolicy, withPlanningLock, type Decided, type HeldPlanningLock } from './planning-lock';
import { nextIcsSequence } from '../messaging/meeting-ics';
import { visitJobs } from '../messaging/visit-notifications';
import { deliverCommittedJobs } from '../jobs/schedule-job';
import type { JobRecord } from '../../data/jobs-repository';
import type { PlanningLockItem } from '../../data/planning-lock-repository';
import { withHeldStarts } from './held-starts';
import type { TimeRange } from '../../../shared/scheduling/schemas';
import { amoCalendarGuardOf } from '../plannings/amo-time-elsewhere';

const maxAttempts = 8;

/** Requests decided in one round, at most: its commit holds about that many bookings (a longer visit takes more room: the round then stops early). */
const roundSize = 16;

/**
 * How far back a holder looks for waiting requests: a request gives up past the lock's budget, so
 * an older item was answered or withdrawn; the margin covers the clocks of different instances.
 */
const waitingSince = () => Date.now() - planningLockPolicy.budgetMs - 10_000;

function refuseUnlessChoice(planning: PlanningRecord, meeting: MeetingRecord, now: Date): void {
  const state = buyerState(planning, meeting, now);
  if (state === 'disabled') throw new ConflictError(bookingMessages.disabled);
  if (state === 'booked') throw new ConflictError(bookingMessages.alreadyBooked);
  if (state === 'closed') throw new ConflictError(bookingMessages.closed);
  if (state === 'unavailable') throw new ConflictError(bookingMessages.bookedCannotBeUnavailable);
}

type BookingOutcome = { kind: 'booked'; meeting: MeetingRecord; jobs: JobRecord[] } | { kind: 'refused'; error: Error };

/**
 * One buyer's booking, decided by a round of `attemptBookings` (a round may decide several at once:
 * they are then checked in order against the planning as each earlier one leaves it, and
 * committed in one transaction).
 */
export interface PendingBooking {
  request: BookRequest;
  /** When the request came (epoch ms): a refusal holds only on the planning as it was after that. */
  came: number;
  outcome?: BookingOutcome;
  /** Its id in the queue when it waits there: its outcome is written for its own process by the deciding transaction. */
  queued?: string;
}

/** A booking placed in the batch being built: the meeting as read and as it will be stored, with what it writes. */
interface Placed extends RoundBooking {
  entry: PendingBooking;
}

/**
 * The planning as a round decides on it: every meeting's engine fields (what the engine reads of
 * the others), and the whole records of the meetings the round books (read apart: a handful, not
 * the planning's hundreds of names and contacts).
 */
interface RoundState {
  planning: PlanningRecord;
  meetings: EngineMeeting[];
  full: Map<string, MeetingRecord>;
  /** The named AMOs' time other plannings own and their days off (docs/scheduling.md « One person, one calendar »). */
  busyElsewhere: TimeRange[];
}

/** Places one booking on `working` (the planning as it will be once the batch commits), or says why not. */
function place(deps: Deps, working: RoundState, entry: PendingBooking, now: Date): Placed {
  const { request } = entry;
  const { planning, meetings } = working;
  const meeting = working.full.get(request.usr);
  if (!meeting || !meetings.some((candidate) => candidate.uuid === request.usr)) throw new NotFoundError(bookingMessages.notFound);
  refuseUnlessChoice(planning, meeting, now);
  // 'Décaler' running: a free place now may be promised to a buyer the shift is moving.
  if (isShiftRunning(planning, now.getTime())) throw new ServiceUnavailableError(shiftMessages.bookingDuringShift);
  if (request.extra.visitors.length > meeting.maxVisitorsNb) throw new ValidationError(bookingMessages.tooManyVisitors(meeting.maxVisitorsNb));
  // Part 1 §2: the virtual-visit question, when asked, is marked required: yes or no, never unanswered.
  if (planning.questions.includes('vrSurvey') && request.extra.isInterestedVr === undefined) throw new ValidationError(bookingMessages.vrSurveyRequired);
  const startMs = Date.parse(request.slot.startDate);
  const calendar = liveCalendar({ ...planning, busyElsewhere: working.busyElsewhere }, withHeldStarts(meetings, meeting.uuid, now.getTime()), now.getTime());
  // Only the clock moved past the start's booking deadline (now + the minimum notice): said so, nobody booked it.
  if (startMs <= now.getTime() || (calendar.notBefore !== undefined && startMs < calendar.notBefore)) throw new ConflictError(bookingMessages.noticePassed);
  // The engine decides: only an option it would offer now can be booked (a start held for a waiter is not).
  if (!isOfferable(calendar, meeting.length, remainingDurations(meetings, meeting.uuid), request.slot)) throw new ConflictError(bookingMessages.slotTaken);
  const start = new Date(startMs).toISOString();
  const end = new Date(startMs + meeting.length).toISOString();
  const booked: MeetingRecord = {
    ...meeting,
    isBooked: true,
    start,
    end,
    amoNb: request.slot.amoNb,
    visitors: request.extra.visitors,
    icsSequence: nextIcsSequence(meeting),
  };
  // Transactional outbox: the confirmation and the reminder are written with the booking itself.
  const { jobs, reminder } = visitJobs(deps, planning, booked, true);
  const stored: MeetingRecord = { ...booked, reminderJobId: reminder?.id };
  return { entry, before: meeting, booked: stored, extra: request.extra, jobs };
}

/** The planning with `placed` booked (its version unchanged: the commit adds one). */
function withBooked(state: RoundState, placed: Placed[]): RoundState {
  const byUuid = new Map(placed.map((one) => [one.booked.uuid, one.booked]));
  return {
    planning: withCounterChange(state.planning, counterChange(placed.map((one) => ({ before: one.before, after: one.booked })))),
    meetings: state.meetings.map((meeting) => byUuid.get(meeting.uuid) ?? meeting),
    full: new Map([...state.full, ...byUuid]),
    busyElsewhere: state.busyElsewhere,
  };
}

/** Adds the whole records of the meetings `entries` book to `state.full` (one BatchGet). */
async function withFullRecords(deps: Deps, planningId: string, state: RoundState, entries: readonly PendingBooking[]): Promise<void> {
  const missing = entries.map((entry) => entry.request.usr).filter((uuid) => !state.full.has(uuid));
  if (missing.length === 0) return;
  for (const meeting of await getMeetings(deps.store, planningId, missing)) state.full.set(meeting.uuid, meeting);
}

/**
 * One round holding the planning's lock: reads the planning, decides every undecided booking of
 * `batch` in order against the planning as each earlier one leaves it, and commits those placed in
 * one transaction (exported: a test commits one and stops there, as a crash would). A refusal is
 * final only when seen on the planning as it was after that request came and once the bookings
 * placed before it are committed; otherwise the booking stays undecided and the next round reads
 * the planning again. Returns whether the transaction failed on a change made meanwhile by a
 * writer that does not take the lock (staff).
 */
export async function attemptBookings(
  deps: Deps,
  planningId: string,
  bookings: PendingBooking[] | ((queue: PlanningLockItem) => PendingBooking[]),
  lock: HeldPlanningLock,
  latecomers?: () => Promise<PendingBooking[]>,
  options: { handOver?: boolean } = {},
): Promise<'done' | 'changed'> {
  const seenFrom = Date.now();
  // The queue (the lock's item) is read with the planning, in one Query: every request in it came
  // before this read of the planning.
  const read = await loadBookingRoundOf(deps, planningId);
  const queue = read.bookingQueue;
  const batch = typeof bookings === 'function' ? bookings(queue) : bookings;
  // The named AMOs' calendars as read: the commit checks them unchanged (a day off saved meanwhile: decide again).
  const amoGuard = await amoCalendarGuardOf(deps, read.planning);
  const state: RoundState = { planning: read.planning, meetings: read.meetings, full: new Map(), busyElsewhere: amoGuard.busyElsewhere };
  await withFullRecords(deps, planningId, state, batch);
  const now = deps.now();
  const placed: Placed[] = [];
  const refusals: { entry: PendingBooking; error: Error }[] = [];
  const refuse = () => refusals.forEach(({ entry, error }) => (entry.outcome = { kind: 'refused', error }));
  // What the round's one commit still holds.
  const room = bookingRoundRoom(amoGuard.unchanged.length);
  let working = state;
  /** Decides `entries` in order on `working`; false once the commit is full. */
  const decide = (entries: PendingBooking[]): boolean => {
    for (const entry of entries) {
      if (entry.outcome) continue;
      try {
        const one = place(deps, working, entry, now);
        if (!room.admitsBooking(working.planning, one)) return false;
        placed.push(one);
        working = withBooked(working, [one]);
      } catch (refusal) {
        if (seenFrom < entry.came) continue;
        if (!room.admitsRefusal()) return false;
        refusals.push({ entry, error: refusal as Error });
      }
    }
    return true;
  };
  // Requests that came while the planning was read join the round (placed on the same state, the
  // commit's conditions unchanged; a refusal of theirs waits for a read made after they came):
  // otherwise a round decides only the requests queued when it began, and the bookings that
  // arrive meanwhile, answered waiters' successors, wait a whole round more.
  // Read while the engine decides the batch: the read's round trip overlaps that work.
  const late = latecomers?.().then(async (more) => {
    await withFullRecords(deps, planningId, working, more);
    return more;
  });
  const considered = [...batch];
  const roomLeft = decide(batch);
  if (late) {
    const more = await late;
    considered.push(...more);
    if (roomLeft) decide(more);
  }
  if (placed.length === 0 && refusals.length === 0) {
    refuse();
    return 'done';
  }
  // Each queued request's outcome, written on the lock's item with its release.
  const outcomes = [
    ...placed.flatMap(({ entry }) => (entry.queued ? [{ id: entry.queued, outcome: { kind: 'booked' as const } }] : [])),
    ...refusals.flatMap(({ entry, error }) =>
      entry.queued
        ? [{ id: entry.queued, outcome: { kind: 'refused' as const, status: error instanceof AppError ? error.status : 409, message: error.message } }]
        : [],
    ),
  ];
  // The lock goes to the oldest request still waiting (its answer item says so), rather than being
  // freed for whoever next reads the lock item: waiters read their own item, not the lock's.
  const decidedIds = new Set(outcomes.map(({ id }) => id));
  const stillWaiting = [
    ...waitingBookingRequests(queue, waitingSince()).map((item) => item.id),
    ...considered.flatMap((entry) => (entry.queued ? [entry.queued] : [])),
  ]
    .filter((id) => !decidedIds.has(id))
    .sort();
  const next = options.handOver ? stillWaiting[0] : undefined;
  const handOverTo = next ? { id: next, owner: handedOwner(next, randomUUID()), leaseUntil: Date.now() + planningLockPolicy.leaseMs } : undefined;
  const outcome = await commitBookingRound(deps.store, {
    planning: state.planning,
    release: lock.release(settleBookingRequests(outcomes, queue, waitingSince(), handOverTo)),
    answers: [
      ...outcomes.map(({ id, outcome: answer }) => ({ id, answer })),
      ...(handOverTo ? [{ id: handOverTo.id, answer: { kind: 'turn' as const, owner: handOverTo.owner } }] : []),
    ],
    answeredAt: Date.now(),
    bookings: placed,
    at: now,
    calendars: amoGuard.unchanged,
  });
  if (!outcome.committed) {
    // A condition failed: the planning changed (staff), or a waiting request withdrew: decide again.
    // The lock's item failed: the lease was lost, or a request of the round withdrew.
    if (outcome.lost.includes('lock') && !(await lock.stillHeld())) throw new PlanningLockLostError();
    if (outcome.lost.includes('program-closed')) {
      // The program is being deleted: nobody books in it any more (its plannings go next).
      for (const entry of considered) entry.outcome ??= { kind: 'refused', error: new ConflictError(bookingMessages.programDeleted) };
      return 'done';
    }
    return 'changed';
  }
  lock.committed();
  for (const one of placed) one.entry.outcome = { kind: 'booked', meeting: one.booked, jobs: one.jobs };
  refuse();
  return 'done';
}

function storedError(outcome: Extract<StoredBookingOutcome, { kind: 'refused' }>): Error {
  if (outcome.status === 404) return new NotFoundError(outcome.message);
  if (outcome.status === 400) return new ValidationError(outcome.message);
  if (outcome.status === 503) return new ServiceUnavailableError(outcome.message);
  return new ConflictError(outcome.message);
}

type Decision = { kind: 'booked' } | { kind: 'refused'; error: Error };

const decisionOf = (outcome: StoredBookingOutcome): Decision => (outcome.kind === 'booked' ? outcome : { kind: 'refused', error: storedError(outcome) });

const pendingOf = (item: BookingRequestItem): PendingBooking => ({ request: item.request, came: item.came, queued: item.id });

/** This request, waiting in the queue as `id` once arrived. */
interface OwnBooking {
  pending: PendingBooking;
  id?: string;
  decided: Decided<Decision>;
}

/**
 * One turn holding the planning's lock: decides the waiting requests, oldest first, a round at a
 * time, until this request is decided (by this turn, or by an earlier holder).
 */
async function decideTurn(deps: Deps, planningId: string, own: OwnBooking, held: HeldPlanningLock): Promise<Decision> {
  // A round that commits releases the lock (or hands it over): this request, still undecided then, waits again.
  let released = false;
  const lock: HeldPlanningLock = {
    ...held,
    committed: () => {
      released = true;
      held.committed();
    },
  };
  for (let attempt = 0; attempt < maxAttempts; attempt += 1) {
    let mine: PendingBooking | undefined;
    const round: PendingBooking[] = [];
    const listed = new Set<string>();
    const join = (items: BookingRequestItem[]) =>
      items
        .filter((item) => !listed.has(item.id))
        .slice(0, roundSize - round.length)
        .map((item) => {
          listed.add(item.id);
          const pending = pendingOf(item);
          if (item.id === own.id) mine = pending;
          round.push(pending);
          return pending;
        });
    const batch = (queue: PlanningLockItem) => join(waitingBookingRequests(queue, waitingSince()));
    const latecomers = async () => join(await listWaitingBookingRequests(deps.store, planningId, waitingSince()));
    await attemptBookings(deps, planningId, batch, lock, latecomers, { handOver: true });
    // The holder hands over the confirmations of every booking it committed (its own and the others').
    await deliverCommittedJobs(
      deps,
      round.flatMap((pending) => (pending.outcome?.kind === 'booked' ? pending.outcome.jobs : [])),
    );
    const outcome = (mine as PendingBooking | undefined)?.outcome;
    if (outcome) return outcome;
    if (!mine) {
      const done = await own.decided();
      if (done) return done.value;
    }
    if (released) throw new PlanningLockLostError();
  }
  throw new ConflictError(bookingMessages.slotTaken);
}

/**
 * PATCH /rdv/book/{planningId}: books the chosen option for the buyer. On Lambda every booking is
 * its own instance (each a worker process locally), so bookings of one planning meet in the table:
 * the request joins the planning's queue, written on the lock's item (booking-requests-repository.ts),
 * then waits for the lock (planning-lock.ts). Whoever holds it decides every waiting request in
 * arrival order against the planning, each checked by the engine as the earlier ones leave it, and
 * commits them in ONE transaction (a group commit across instances) with the lock's release and
 * every outcome, which a waiting request finds while it watches the lock. The transaction is still
 * conditioned on the planning's version (a staff change made meanwhile, staff do not take the
 * lock, makes the round read and check again), on each slot grain being free and on each request
 * still waiting. A request that gives up (past the lock's budget, or failing) withdraws first, so
 * that no later holder books it.
 */
export async function bookSlot(deps: Deps, planningId: string, request: BookRequest): Promise<{ message: string }> {
  const came = Date.now();
  const own: OwnBooking = {
    pending: { request, came },
    decided: async () => {
      const outcome = own.id ? await getBookingOutcome(deps.store, planningId, own.id) : undefined;
      return outcome && { value: decisionOf(outcome) };
    },
  };
  const arrive = async (owner: string, leaseUntil: number) => {
    const arrival = { request, came, owner, leaseUntil };
    let arrived = await enqueueBookingRequest(deps.store, planningId, arrival, { create: false });
    if (!arrived) {
      // The planning's queue is not written yet: the meeting is checked first, so that a request
      // writes nothing under a planning it does not belong to.
      await meetingPlanningId(deps, request.usr, planningId);
      arrived = await enqueueBookingRequest(deps.store, planningId, arrival, { create: true });
    }
    own.id = arrived?.id;
    return arrived?.lock ?? null;
  };
  let decision: Decision;
  try {
    decision = await withPlanningLock(deps, planningId, (lock) => decideTurn(deps, planningId, own, lock), planningLockPolicy, {
      arrive,
      look: async (withLock) => {
        const { lock, answer } = await lookAtBookingRequest(deps.store, planningId, own.id ?? '', { withLock });
        if (answer?.kind === 'turn') return { lock, turn: answer.owner };
        return { lock, done: answer && { value: decisionOf(answer) } };
      },
    });
  } catch (error) {
    // Decided meanwhile by a holder: that outcome stands; otherwise the request leaves the queue.
    if (!own.id || (await withdrawBookingRequest(deps.store, planningId, own.id))) throw error;
    const late = await own.decided();
    if (!late) throw error;
    decision = late.value;
  }
  if (decision.kind === 'refused') throw decision.error;
  return { message: bookingMessages.booked };
}
