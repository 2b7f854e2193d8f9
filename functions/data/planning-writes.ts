import { counterChange } from '../../shared/rules/planning-counters';
import type { AmoCalendarRead } from './amo-calendar-repository';
import { releaseWrites, type RecordedVisit } from './amo-visit-release';
import { attendanceLogItem, attendanceMarkItem, type AttendanceLog } from './attendance-repository';
import { slotGrains } from './booking-writes';
import { commitTransaction, conditionHeld, isConditionFailure, maxTransactionItems, type Db, type TransactionItem } from './db';
import { putJobItem, type JobRecord } from './jobs-repository';
import { keys } from './keys';
import { historyWrite, type MeetingHistoryEntry } from './meeting-history-repository';
import { planningCountersWrite, type PlanningFields } from './planning-counters-write';
import { shiftSettledItems } from './planning-shift-repository';
import { meetingItem, type MeetingRecord, type PlanningRecord } from './plannings-repository';
import { Expression } from './update-expression';
import { changeIndexFields, changeIndexSet, meetingRemovalItem } from './meeting-change-stamp';

/**
 * The unit of work of a planning's changes: the use cases describe a change in domain terms
 * (meetings before → after, planning fields, the jobs it causes, its history lines) and this
 * module turns it into one all-or-nothing write:
 *
 * - the slot grains, from the booked ranges before and after (deleted, put if absent, or handed
 *   over from one meeting to another for a switch): never two visits on one slot, whatever the path;
 * - each meeting, updated field by field, conditioned on the flags the counters depend on;
 * - the planning's counters (`counterChange` of the meetings before and after: part 2 §3) and
 *   fields, conditioned on the planning's `version`, which it increments: staff actions, buyers'
 *   bookings and cancellations of one planning are serialised, each checked against the state it read;
 * - the jobs (transactional outbox) and the history entries of the changed meetings.
 */

/** A meeting before → after a change (before null: created; after null: deleted). */
interface MeetingChange {
  before: MeetingRecord | null;
  after: MeetingRecord | null;
}

/** Fields a concurrent writer (buyer, invitation job) may flip: an update is conditioned on them. */
// isConfirmed too: the buyer's answer to a convocation (nbConfirmed depends on it).
const guardedFields = ['isBooked', 'isActive', 'isAvailable', 'isInvitationSent', 'start', 'forced', 'amoNb', 'isConfirmed'] as const;
/** Never written by a staff change (identity). `reminderJobId` is: a move or a placement writes its reminder job with it. */
const untouchedFields = new Set(['uuid', 'planningId']);

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function isScalar(value: unknown): boolean {
  return value === null || value === undefined || ['string', 'number', 'boolean'].includes(typeof value);
}

/**
 * The Update of one existing meeting: only the changed fields; lists that only grew are appended
 * (a reminder job may append to the same list meanwhile); `guarded` adds the conditions that make
 * the counter changes exact. Null when nothing changes.
 */
function meetingUpdate(table: string, before: MeetingRecord, after: MeetingRecord, guarded: boolean, changedAt: string): TransactionItem | null {
  const expression = new Expression();
  const sets: string[] = [];
  const removes: string[] = [];
  const conditions = ['attribute_exists(pk)'];
  const fields = new Set([...Object.keys(before), ...Object.keys(after)].filter((field) => !untouchedFields.has(field)));
  for (const field of fields) {
    const previous = (before as Record<string, unknown>)[field];
    const next = (after as Record<string, unknown>)[field];
    if (same(previous, next)) continue;
    if (guardedFields.includes(field as (typeof guardedFields)[number]) && !guarded) throw new Error(`unguarded change of ${field}`);
    const name = expression.name(field);
    if (next === undefined) removes.push(name);
    else if (Array.isArray(previous) && Array.isArray(next) && previous.length < next.length && same(next.slice(0, previous.length), previous)) {
      sets.push(`${name} = list_append(if_not_exists(${name}, ${expression.value([])}), ${expression.value(next.slice(previous.length))})`);
    } else sets.push(`${name} = ${expression.value(next)}`);
    if (isScalar(previous) && !guardedFields.includes(field as (typeof guardedFields)[number])) conditions.push(expression.equals(field, previous));
  }
  if (sets.length === 0 && removes.length === 0) return null;
  // The staff screens' change index (meeting-change-stamp.ts) follows every change of a meeting.
  for (const [field, value] of Object.entries(changeIndexFields(before.planningId, changedAt)))
    sets.push(`${expression.name(field)} = ${expression.value(value)}`);
  if (guarded) for (const field of guardedFields) conditions.push(expression.equals(field, (before as Record<string, unknown>)[field]));
  return {
    Update: {
      TableName: table,
      Key: keys.meeting(before.planningId, before.uuid),
      UpdateExpression: [sets.length ? `SET ${sets.join(', ')}` : '', removes.length ? `REMOVE ${removes.join(', ')}` : ''].filter(Boolean).join(' '),
      ConditionExpression: conditions.join(' AND '),
      ExpressionAttributeNames: expression.names,
      ...(Object.keys(expression.values).length > 0 ? { ExpressionAttributeValues: expression.values } : {}),
    },
  };
}

function meetingDelete(table: string, before: MeetingRecord): TransactionItem {
  const expression = new Expression();
  const conditions = ['attribute_exists(pk)', ...guardedFields.map((field) => expression.equals(field, (before as Record<string, unknown>)[field]))];
  return {
    Delete: {
      TableName: table,
      Key: keys.meeting(before.planningId, before.uuid),
      ConditionExpression: conditions.join(' AND '),
      ExpressionAttributeNames: expression.names,
      ExpressionAttributeValues: expression.values,
    },
  };
}

/** The slot grains a meeting holds: sk → meeting uuid. */
function heldGrains(planning: PlanningRecord, meeting: MeetingRecord | null, into: Map<string, string>): void {
  if (!meeting || !meeting.isBooked || !meeting.start || !meeting.end || meeting.amoNb === null) return;
  for (const key of slotGrains(planning, meeting.amoNb, Date.parse(meeting.start), Date.parse(meeting.end))) into.set(key.sk, meeting.uuid);
}

function grainWrites(table: string, planning: PlanningRecord, changes: MeetingChange[]): TransactionItem[] {
  const before = new Map<string, string>();
  const after = new Map<string, string>();
  for (const change of changes) {
    heldGrains(planning, change.before, before);
    heldGrains(planning, change.after, after);
  }
  const pk = keys.planning(planning._id).pk;
  const items: TransactionItem[] = [];
  for (const [sk, uuid] of before) {
    if (!after.has(sk))
      items.push({ Delete: { TableName: table, Key: { pk, sk }, ConditionExpression: 'meetingUuid = :uuid', ExpressionAttributeValues: { ':uuid': uuid } } });
  }
  for (const [sk, uuid] of after) {
    const previous = before.get(sk);
    if (previous === uuid) continue;
    items.push(
      previous === undefined
        ? { Put: { TableName: table, Item: { pk, sk, meetingUuid: uuid }, ConditionExpression: 'attribute_not_exists(pk)' } }
        : {
            Put: {
              TableName: table,
              Item: { pk, sk, meetingUuid: uuid },
              ConditionExpression: 'meetingUuid = :previous',
              ExpressionAttributeValues: { ':previous': previous },
            },
          },
    );
  }
  return items;
}

function meetingChangeWrites(table: string, change: MeetingChange, at: string): TransactionItem[] {
  if (change.before && change.after)
    return [meetingUpdate(table, change.before, change.after, true, at)].filter((write): write is TransactionItem => write !== null);
  if (change.after)
    return [
      {
        Put: {
          TableName: table,
          Item: { ...meetingItem(change.after), ...changeIndexFields(change.after.planningId, at) },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    ];
  if (change.before) return [meetingDelete(table, change.before), meetingRemovalItem(table, change.before.planningId, change.before.uuid, at)];
  return [];
}

/** A staff change of one planning, checked against the planning as read (its version). */
export interface PlanningChangeUnit {
  planning: PlanningRecord;
  /** When the change is made: the meetings' change stamp (staff screens follow it). */
  at: string;
  meetings: MeetingChange[];
  fields?: PlanningFields;
  jobs?: JobRecord[];
  history?: MeetingHistoryEntry[];
  /** What else the change was decided on (the named AMOs' calendars as read): each checked unchanged, a changed one is a lost race. */
  calendars?: AmoCalendarRead[];
  /** The records of the visits it cancels or moves in their AMOs' calendars (`recordsLeft`): removed with it. */
  released?: RecordedVisit[];
}

/**
 * `committed`; `lost-race` when the planning or one of the meetings changed since it was read
 * (nothing written: read again and plan again); `too-large` when the change holds more writes
 * than one unit may (nothing written).
 */
export type PlanningCommit = 'committed' | 'lost-race' | 'too-large';

/**
 * Writes a staff change of a planning all or nothing. History lines that do not fit in the unit
 * are written right after it (they only record the change).
 */
export async function commitPlanningChange(db: Db, change: PlanningChangeUnit): Promise<PlanningCommit> {
  const table = db.table;
  const items: TransactionItem[] = [...grainWrites(table, change.planning, change.meetings)];
  for (const meeting of change.meetings) items.push(...meetingChangeWrites(table, meeting, change.at));
  items.push(
    planningCountersWrite(table, change.planning._id, counterChange(change.meetings), { version: change.planning.version, fields: change.fields ?? {} }),
  );
  items.push(...(change.jobs ?? []).map((job) => putJobItem(table, job)));
  items.push(...releaseWrites(table, change.released ?? [], change.calendars));
  const history = change.history ?? [];
  const historyInside = items.length + history.length <= maxTransactionItems;
  if (items.length > maxTransactionItems) return 'too-large';
  if (historyInside) items.push(...history.map((entry) => historyWrite(table, entry)));
  try {
    await commitTransaction(db, items);
  } catch (error) {
    if (isConditionFailure(error)) return 'lost-race';
    throw error;
  }
  if (!historyInside) {
    for (let start = 0; start < history.length; start += maxTransactionItems) {
      await commitTransaction(
        db,
        history.slice(start, start + maxTransactionItems).map((entry) => historyWrite(table, entry)),
      );
    }
  }
  return 'committed';
}

/** `unchanged`: nothing to write; `lost-race`: the meeting changed since it was read (nothing written). */
export type MeetingFieldsCommit = 'committed' | 'unchanged' | 'lost-race';

/**
 * Changes of a meeting that touch neither slots nor counters (notification flags, relance
 * dates), with its history line, conditioned on the changed fields as read; no planning version
 * involved. `onceForJob` also records that job's dates as written, so the same job never appends
 * them twice (a job run again after a crash).
 */
export async function commitMeetingFields(
  db: Db,
  before: MeetingRecord,
  after: MeetingRecord,
  at: string,
  history: MeetingHistoryEntry | null,
  onceForJob?: { jobId: string },
): Promise<MeetingFieldsCommit> {
  const update = meetingUpdate(db.table, before, after, false, at);
  if (!update) return 'unchanged';
  const marker: TransactionItem[] = onceForJob
    ? [
        {
          Put: {
            TableName: db.table,
            Item: { ...keys.sendRecord(onceForJob.jobId, 'dates', before.uuid), status: 'sent', at },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      ]
    : [];
  const held = await conditionHeld(commitTransaction(db, [...marker, update, ...(history ? [historyWrite(db.table, history)] : [])]));
  return held ? 'committed' : 'lost-race';
}

/**
 * Marks one meeting invited and counts it, if it is still not invited, active, and booked as read
 * (the counters' change depends on it); bumps the planning's version so a booking or a staff
 * change read before it is checked again; writes the buyer's message job with it. False when the
 * meeting changed meanwhile (nothing written).
 */
export async function commitInvitationClaim(db: Db, planningId: string, meeting: MeetingRecord, at: string, job: JobRecord): Promise<boolean> {
  const invited: MeetingRecord = { ...meeting, isInvitationSent: true };
  return conditionHeld(
    commitTransaction(db, [
      invitationClaimItem(db.table, planningId, meeting, at),
      planningCountersWrite(db.table, planningId, counterChange([{ before: meeting, after: invited }]), { fields: { isInvitationSent: true } }),
      putJobItem(db.table, job),
    ]),
  );
}

/** The meeting's part of an invitation claim: marked invited once, if still active and booked as read (a seed claims many in one transaction). */
export function invitationClaimItem(table: string, planningId: string, meeting: MeetingRecord, at: string): TransactionItem {
  const stamp = changeIndexSet(planningId, at);
  return {
    Update: {
      TableName: table,
      Key: keys.meeting(planningId, meeting.uuid),
      UpdateExpression: `SET isInvitationSent = :true, invitationMail = list_append(invitationMail, :at), ${stamp.clause}`,
      ConditionExpression: 'isInvitationSent = :false AND isActive = :true AND isBooked = :booked',
      ExpressionAttributeValues: { ':true': true, ':false': false, ':at': [at], ':booked': meeting.isBooked, ...stamp.values },
    },
  };
}

/** One buyer of a 'Décaler' settled: the meeting as read → as settled, its history line and jobs, and the shift's mark. */
export interface ShiftSettlementUnit {
  planning: PlanningRecord;
  before: MeetingRecord;
  after: MeetingRecord;
  at: string;
  history: MeetingHistoryEntry | null;
  jobs: JobRecord[];
  shift: { waveId: string; target: string };
  /** The visit's record in its AMO's calendar at the time it leaves (`recordsLeft`): removed in the same transaction. */
  released?: RecordedVisit[];
}

/**
 * Settles one buyer of a shift all or nothing: the meeting (guarded as read), its slot grains handed
 * from the old day to the new one, the counters it moves (no version condition: placements wait for
 * the shift's end, and ADD is exact), its history line, its jobs and the shift's once-only mark.
 * False when the meeting, a grain or the mark changed meanwhile (nothing written).
 */
export async function commitShiftSettlement(db: Db, unit: ShiftSettlementUnit): Promise<boolean> {
  const table = db.table;
  const change = { before: unit.before, after: unit.after };
  const counters = counterChange([change]);
  const update = meetingUpdate(table, unit.before, unit.after, true, unit.at);
  return conditionHeld(
    commitTransaction(db, [
      ...(update ? [update] : []),
      ...grainWrites(table, unit.planning, [change]),
      ...(Object.values(counters).some((delta) => delta !== 0) ? [planningCountersWrite(table, unit.planning._id, counters)] : []),
      ...(unit.history ? [historyWrite(table, unit.history)] : []),
      ...unit.jobs.map((job) => putJobItem(table, job)),
      ...shiftSettledItems(table, unit.shift.waveId, unit.shift.target),
      ...releaseWrites(table, unit.released ?? []),
    ]),
  );
}

/** An attendance mark (part of 'Ma journée'): applied to the meeting with its log, or only recorded in the history when older than the one applied. */
export interface AttendanceMarkUnit {
  before: MeetingRecord;
  /** The meeting with the mark applied; null for a mark older than the applied one (history only). */
  after: MeetingRecord | null;
  at: string;
  history: MeetingHistoryEntry | null;
  log: AttendanceLog | null;
  markId: string;
}

/**
 * Writes a mark all or nothing: the meeting's fields (guarded as read, so two marks at once apply
 * one after the other), its history line, the visit's log for the trends, and the mark's id (put
 * once: the same mark sent again changes nothing). False when the meeting or the mark's id
 * changed meanwhile (nothing written: read again).
 */
export async function commitAttendanceMark(db: Db, unit: AttendanceMarkUnit): Promise<boolean> {
  const table = db.table;
  const update = unit.after ? meetingUpdate(table, unit.before, unit.after, true, unit.at) : null;
  return conditionHeld(
    commitTransaction(db, [
      ...(update ? [update] : []),
      ...(unit.history ? [historyWrite(table, unit.history)] : []),
      ...(unit.log ? [attendanceLogItem(table, unit.log)] : []),
      attendanceMarkItem(table, unit.before.planningId, unit.markId, unit.before.uuid, unit.at),
    ]),
  );
}
