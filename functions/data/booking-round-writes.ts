import type { BookRequest } from '../../shared/domain/planning';
import { amoCalendarChecks, type AmoCalendarRead } from './amo-calendar-repository';
import { bookingAnswerItems, type BookingRequestAnswer } from './booking-requests-repository';
import { bookingItems, plannedCountersItem, programOpenCheck, slotGrains } from './booking-writes';
import { maxTransactionItems, type Db } from './db';
import { putJobItem, type JobRecord } from './jobs-repository';
import { commitNamedParts, type CommitOutcome } from './named-commit';
import { planningLockReleaseItem, type LockRelease } from './planning-lock-repository';
import type { MeetingRecord, PlanningRecord } from './plannings-repository';

/**
 * The commit of one booking round (book-slot.ts): every booking the holder of a planning's lock
 * placed, every waiting request's answer and the lock's release (or hand-over), all or nothing,
 * checked against what the round decided on (the planning's version, each slot grain free, each
 * meeting still free, the AMOs' calendars, the program still open, the lease still held and each
 * decided request still waiting).
 */

/** A booking the round placed: the meeting as read and as booked (its reminder job's id kept), what the buyer answered besides the slot, its jobs. */
export interface RoundBooking {
  before: MeetingRecord;
  booked: MeetingRecord;
  extra: BookRequest['extra'];
  jobs: JobRecord[];
}

export interface BookingRound {
  /** The planning as the round read it: its version and program are checked. */
  planning: PlanningRecord;
  release: LockRelease;
  /** Each queued request's answer (and a handed turn), each its own item. */
  answers: { id: string; answer: BookingRequestAnswer }[];
  /** When the answers were written (epoch ms): they expire from then. */
  answeredAt: number;
  bookings: RoundBooking[];
  /** When the bookings are made (their `bookedAt` and change stamps). */
  at: Date;
  /** The named AMOs' calendars as read (`amoCalendarGuardOf`). */
  calendars: AmoCalendarRead[];
}

/**
 * Why a round's commit was refused: `lock`, the lease was lost or a decided request withdrew;
 * `program-closed`, the program is being deleted; `planning-changed`, the planning, a meeting, a
 * slot or an AMO's calendar changed since the round read them (a staff change, which takes no lock).
 */
export type BookingRoundLoss = 'lock' | 'program-closed' | 'planning-changed';

const bookingWrites = (planning: PlanningRecord, booking: RoundBooking, at: Date, table: string) => [
  ...bookingItems(table, planning, booking.booked, booking.extra, at),
  ...booking.jobs.map((job) => putJobItem(table, job)),
];

/** Writes the round all or nothing; a refusal names what changed. */
export function commitBookingRound(db: Db, round: BookingRound): Promise<CommitOutcome<BookingRoundLoss>> {
  const { planning, bookings } = round;
  return commitNamedParts<BookingRoundLoss>(db, [
    { role: 'lock', items: [planningLockReleaseItem(db.table, round.release)] },
    {
      role: 'planning-changed',
      items: [
        ...bookingAnswerItems(db.table, round.answers, round.answeredAt),
        ...bookings.flatMap((booking) => bookingWrites(planning, booking, round.at, db.table)),
        ...(bookings.length > 0
          ? [
              plannedCountersItem(
                db.table,
                planning,
                bookings.map(({ before, booked }) => ({ before, after: booked })),
              ),
            ]
          : []),
        ...amoCalendarChecks(db.table, round.calendars),
      ],
    },
    { role: 'program-closed', items: [programOpenCheck(db.table, planning.projectId)] },
  ]);
}

/**
 * How much one round's commit still holds: a round decides requests in order until the next one
 * would not fit (the rest wait for the next round). Each booking takes its slot grains, its
 * meeting, its jobs and its answer; each refusal its answer.
 */
export interface BookingRoundRoom {
  /** Takes the room of this booking; false (nothing taken) when it does not fit. */
  admitsBooking(planning: PlanningRecord, booking: Pick<RoundBooking, 'booked' | 'jobs'>): boolean;
  /** Takes the room of a refusal's answer; false when it does not fit. */
  admitsRefusal(): boolean;
}

/** The room of a round whose commit checks `calendars` AMO calendars. */
export function bookingRoundRoom(calendars: number): BookingRoundRoom {
  // In every round: the lock's release, the program's open check, the planning's counters, a handed turn's answer.
  let used = 4 + calendars;
  const take = (size: number) => {
    if (used + size > maxTransactionItems) return false;
    used += size;
    return true;
  };
  return {
    admitsBooking: (planning, { booked, jobs }) => {
      const grains = slotGrains(planning, booked.amoNb!, Date.parse(booked.start!), Date.parse(booked.end!)).length;
      // Its grains, its meeting, its jobs and its answer.
      return take(grains + 1 + jobs.length + 1);
    },
    admitsRefusal: () => take(1),
  };
}
