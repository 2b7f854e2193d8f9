import type { BookRequest } from '../../shared/domain/planning';
import { counterChange } from '../../shared/rules/planning-counters';
import { releaseWrites, type RecordedVisit } from './amo-visit-release';
import { conditionHeld, commitTransaction, type Db, type TransactionItem } from './db';
import { putJobItem, type JobRecord } from './jobs-repository';
import { keys } from './keys';
import { historyWrite, type MeetingHistoryEntry } from './meeting-history-repository';
import { commitNamedParts, type CommitOutcome } from './named-commit';
import { planningLockReleaseItem, type LockRelease } from './planning-lock-repository';
import { changeIndexSet } from './meeting-change-stamp';
import { planningCountersWrite } from './planning-counters-write';
import type { MeetingRecord, PlanningRecord } from './plannings-repository';

/** The pas-long grains a visit covers: one item each, written only if absent (one booking per slot). */
export function slotGrains(planning: PlanningRecord, amoNb: number, startMs: number, endMs: number) {
  const grains = [];
  for (let at = startMs; at < endMs; at += planning.pas * 1000) grains.push(keys.slotGrain(planning._id, amoNb, at));
  return grains;
}

/**
 * In every booking transaction: the planning's program is not being deleted. A deletion marks the
 * program first, so a booking either commits before the mark or is refused (part 3 §6).
 */
export function programOpenCheck(table: string, programId: string): TransactionItem {
  return { ConditionCheck: { TableName: table, Key: keys.program(programId), ConditionExpression: 'attribute_not_exists(deletingAt)' } };
}

/** What the buyer answered besides the slot (part 1 §2): kept on the meeting. */
type BookingExtra = BookRequest['extra'];

/**
 * A buyer's booking: its slot grains (each absent) and the meeting (still free, active and
 * available), booked at `booked.start`–`booked.end` with `booked.reminderJobId` kept.
 */
export function bookingItems(table: string, planning: PlanningRecord, booked: MeetingRecord, extra: BookingExtra, now: Date): TransactionItem[] {
  const stamp = changeIndexSet(planning._id, now.toISOString());
  const startMs = Date.parse(booked.start!);
  const grains = slotGrains(planning, booked.amoNb!, startMs, Date.parse(booked.end!));
  const reminder = booked.reminderJobId;
  return [
    ...grains.map((Key) => ({ Put: { TableName: table, Item: { ...Key, meetingUuid: booked.uuid }, ConditionExpression: 'attribute_not_exists(pk)' } })),
    {
      Update: {
        TableName: table,
        Key: keys.meeting(planning._id, booked.uuid),
        UpdateExpression:
          `SET isBooked = :true, #start = :start, #end = :end, amoNb = :amo, bookedAt = :now, visitors = :visitors, icsSequence = :sequence, ${stamp.clause}` +
          (extra.isInterestedVr !== undefined ? ', isInterestedVr = :vr' : '') +
          (extra.shoeSize ? ', shoeSize = :shoe' : '') +
          (extra.shoeSize2 ? ', shoeSize2 = :shoe2' : '') +
          (reminder ? ', reminderJobId = :job' : ' REMOVE reminderJobId'),
        ConditionExpression: 'isBooked = :false AND isActive = :true AND isAvailable = :true',
        ExpressionAttributeNames: { '#start': 'start', '#end': 'end' },
        ExpressionAttributeValues: {
          ':true': true,
          ':false': false,
          ':start': booked.start,
          ':end': booked.end,
          ':amo': booked.amoNb,
          ':now': now.toISOString(),
          ':visitors': extra.visitors,
          ':sequence': booked.icsSequence,
          ...stamp.values,
          ...(extra.isInterestedVr !== undefined ? { ':vr': extra.isInterestedVr } : {}),
          ...(extra.shoeSize ? { ':shoe': extra.shoeSize } : {}),
          ...(extra.shoeSize2 ? { ':shoe2': extra.shoeSize2 } : {}),
          ...(reminder ? { ':job': reminder } : {}),
        },
      },
    },
  ];
}

/** The buyer's cancellation: the grains deleted and the meeting freed (its waitlist request with it), if still booked at `meeting.start`. */
function unbookingItems(table: string, planning: PlanningRecord, meeting: MeetingRecord, icsSequence: number, at: string): TransactionItem[] {
  const stamp = changeIndexSet(planning._id, at);
  const grains = slotGrains(planning, meeting.amoNb!, Date.parse(meeting.start!), Date.parse(meeting.end!));
  return [
    ...grains.map((Key) => ({ Delete: { TableName: table, Key } })),
    {
      Update: {
        TableName: table,
        Key: keys.meeting(planning._id, meeting.uuid),
        UpdateExpression: `SET isBooked = :false, #start = :null, #end = :null, amoNb = :null, icsSequence = :sequence, ${stamp.clause} REMOVE bookedAt, reminderJobId, waitAskedAt, waitHold`,
        ConditionExpression: 'isBooked = :true AND #start = :start',
        ExpressionAttributeNames: { '#start': 'start', '#end': 'end' },
        ExpressionAttributeValues: { ':true': true, ':false': false, ':null': null, ':start': meeting.start, ':sequence': icsSequence, ...stamp.values },
      },
    },
  ];
}

/**
 * The planning's counters after meetings were booked or freed (`changes`: each meeting as read →
 * as written), conditioned on the version the change was checked against: every change of slots
 * increments it, so changes of one planning are serial.
 */
export function plannedCountersItem(table: string, planning: PlanningRecord, changes: { before: MeetingRecord; after: MeetingRecord }[]): TransactionItem {
  return planningCountersWrite(table, planning._id, counterChange(changes), { version: planning.version });
}

/**
 * The buyer's availability (part 1 §2 'unavailable' with its note, or available again), if still
 * as the buyer saw it and not booked; the unavailable counter and the version follow (it changes
 * what the others can be offered).
 */
function availabilityItems(
  table: string,
  planningId: string,
  meeting: MeetingRecord,
  isAvailable: boolean,
  note: string | undefined,
  at: string,
): TransactionItem[] {
  const stamp = changeIndexSet(planningId, at);
  return [
    {
      Update: {
        TableName: table,
        Key: keys.meeting(planningId, meeting.uuid),
        UpdateExpression: `SET isAvailable = :next, ${stamp.clause}` + (note ? ', note = :note' : ''),
        ConditionExpression: 'isAvailable = :current AND isBooked = :false',
        ExpressionAttributeValues: {
          ':next': isAvailable,
          ':current': meeting.isAvailable,
          ':false': false,
          ...stamp.values,
          ...(note ? { ':note': note } : {}),
        },
      },
    },
    planningCountersWrite(table, planningId, counterChange([{ before: meeting, after: { ...meeting, isAvailable } }])),
  ];
}

/**
 * A buyer's answer to a convocation (confirmed, or force majeure with its note), if still
 * unanswered, active and at the time the buyer saw (a staff move meanwhile makes it fail); the
 * confirmed or unavailable counter and the version follow.
 */
function convocationAnswerItems(
  table: string,
  planningId: string,
  meeting: MeetingRecord,
  isAvailable: boolean,
  note: string | undefined,
  at: string,
): TransactionItem[] {
  const stamp = changeIndexSet(planningId, at);
  return [
    {
      Update: {
        TableName: table,
        Key: keys.meeting(planningId, meeting.uuid),
        UpdateExpression: `SET isConfirmed = :true, isAvailable = :available, ${stamp.clause}` + (note ? ', note = :note' : ''),
        ConditionExpression: 'isConfirmed = :false AND isActive = :true AND #start = :start',
        ExpressionAttributeNames: { '#start': 'start' },
        ExpressionAttributeValues: {
          ':true': true,
          ':false': false,
          ':available': isAvailable,
          ':start': meeting.start,
          ...stamp.values,
          ...(note ? { ':note': note } : {}),
        },
      },
    },
    planningCountersWrite(table, planningId, counterChange([{ before: meeting, after: { ...meeting, isConfirmed: true, isAvailable } }])),
  ];
}

/** A buyer's cancellation of their visit (cancel-booking.ts), made by the holder of the planning's lock. */
export interface BuyerCancellation {
  release: LockRelease;
  /** The planning as read: its version is checked. */
  planning: PlanningRecord;
  /** The meeting as read, booked. */
  meeting: MeetingRecord;
  icsSequence: number;
  at: string;
  jobs: JobRecord[];
  /** The visit's records in its AMO's calendar, removed with it (amo-visit-release.ts). */
  released: readonly RecordedVisit[];
}

/** `lock`: the lease was lost; `planning-changed`: the planning, the meeting or the visit's record changed since read. */
export type BuyerCancellationLoss = 'lock' | 'planning-changed';

/**
 * Writes the cancellation all or nothing with the lock's release: the grains deleted, the meeting
 * freed if still booked at the time read, the counters under the version read, its jobs and the
 * release of the visit's records. A refusal names what changed.
 */
export function commitBuyerCancellation(db: Db, cancellation: BuyerCancellation): Promise<CommitOutcome<BuyerCancellationLoss>> {
  const { planning, meeting } = cancellation;
  return commitNamedParts<BuyerCancellationLoss>(db, [
    { role: 'lock', items: [planningLockReleaseItem(db.table, cancellation.release)] },
    {
      role: 'planning-changed',
      items: [
        ...unbookingItems(db.table, planning, meeting, cancellation.icsSequence, cancellation.at),
        plannedCountersItem(db.table, planning, [{ before: meeting, after: { ...meeting, isBooked: false } }]),
        ...cancellation.jobs.map((job) => putJobItem(db.table, job)),
        ...releaseWrites(db.table, cancellation.released),
      ],
    },
  ]);
}

/** Writes the buyer's availability (`availabilityItems`): false when the meeting changed since read (nothing written). */
export function commitBuyerAvailability(
  db: Db,
  change: { planningId: string; meeting: MeetingRecord; isAvailable: boolean; note: string | undefined; at: string },
): Promise<boolean> {
  return conditionHeld(commitTransaction(db, availabilityItems(db.table, change.planningId, change.meeting, change.isAvailable, change.note, change.at)));
}

/**
 * Writes a buyer's answer to a convocation (`convocationAnswerItems`) with the jobs it causes and
 * its history line, all or nothing: false when another answer or a staff change came first.
 */
export function commitConvocationAnswer(
  db: Db,
  answer: {
    planningId: string;
    meeting: MeetingRecord;
    isAvailable: boolean;
    note: string | undefined;
    at: string;
    jobs: JobRecord[];
    history: MeetingHistoryEntry | null;
  },
): Promise<boolean> {
  return conditionHeld(
    commitTransaction(db, [
      ...convocationAnswerItems(db.table, answer.planningId, answer.meeting, answer.isAvailable, answer.note, answer.at),
      ...answer.jobs.map((job) => putJobItem(db.table, job)),
      ...(answer.history ? [historyWrite(db.table, answer.history)] : []),
    ]),
  );
}
