import { isConditionFailure, commitTransaction } from '../../data/db';
import { keys } from '../../data/keys';
import { meetingHistoryItem, type MeetingHistoryEntry } from '../../data/meeting-history-repository';
import { getMeeting, loadPlanningState, meetingItem, type MeetingRecord, type PlanningRecord, type PlanningState } from '../../data/plannings-repository';
import type { Deps } from '../../runtime/deps';
import { slotGrains } from '../../data/booking-writes';
import { isVisitRevision, nextIcsSequence } from '../booking/meeting-ics';
import { deliverCommittedJobs } from '../booking/visit-notifications';
import { putJobItem, type JobRecord } from '../../data/jobs-repository';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import { planningNotFound } from '../plannings/planning-queries';
import { newCapabilityId } from '../security/ids';
import { actionMessages } from '../../../shared/domain/planning-action-messages';
import { isShiftRunning, shiftMessages } from '../../../shared/domain/planning-shift';
import type { StaffActor } from './staff-actor';

/**
 * The one write path of the staff actions. A use case reads the planning, lets the engine decide,
 * and describes the change as meetings before → after (plus planning fields); this module derives
 * everything else and writes it all or nothing in one TransactWriteItems:
 *
 * - the slot grains, from the booked ranges before and after (deleted, put if absent, or handed
 *   over from one meeting to another for a switch): never two visits on one slot, whatever the path;
 * - each meeting, updated field by field, conditioned on the flags the counters depend on;
 * - the planning's counters (added deltas, recomputed from the flags before and after) and fields,
 *   conditioned on the planning's `version`, which it increments: staff actions, buyers' bookings
 *   and cancellations of one planning are serialised, each checked against the state it read;
 * - the history entries of the changed meetings.
 *
 * A transaction that lost a race re-reads the planning and plans again (the rules run again on the
 * new state), up to `maxAttempts`.
 */

export interface MeetingWrite {
  /** null: the meeting is created. */
  before: MeetingRecord | null;
  /** null: the meeting is deleted. */
  after: MeetingRecord | null;
  /** Recorded in the meeting's history when given. */
  action?: string;
}

type PlanningFields = Partial<Omit<PlanningRecord, '_id' | 'version' | CounterName>>;

export interface PlanningChange<R> {
  meetings?: MeetingWrite[];
  planning?: PlanningFields;
  result: R;
  /**
   * Jobs written in the same transaction (transactional outbox: the mails and reminders the change
   * calls for exist if and only if it committed); those due now run right after the commit.
   */
  jobs?: JobRecord[];
  /** Side effects once committed; a failure there does not undo the change. */
  afterCommit?: () => Promise<void>;
}

const counterNames = ['nbInvited', 'nbBooked', 'nbNotBooked', 'nbNotAvailable', 'nbInactive', 'nbConfirmed'] as const;
type CounterName = (typeof counterNames)[number];

/** What one meeting adds to each planning counter (part 2 §3): the counters are sums of these. */
export function counterContribution(meeting: MeetingRecord | null): Record<CounterName, number> {
  if (!meeting) return { nbInvited: 0, nbBooked: 0, nbNotBooked: 0, nbNotAvailable: 0, nbInactive: 0, nbConfirmed: 0 };
  return {
    nbInvited: meeting.isInvitationSent ? 1 : 0,
    nbBooked: meeting.isBooked ? 1 : 0,
    nbNotBooked: meeting.isInvitationSent && !meeting.isBooked ? 1 : 0,
    nbNotAvailable: meeting.isAvailable ? 0 : 1,
    nbInactive: meeting.isActive ? 0 : 1,
    // 'présent' (part 1 §4): a force majeure is confirmed but counted as not available, never twice in the progress.
    nbConfirmed: meeting.isConfirmed && meeting.isAvailable ? 1 : 0,
  };
}

/** Fields a concurrent writer (buyer, invitation job) may flip: an update is conditioned on them. */
// issue 13: isConfirmed too (the buyer's answer to a convocation; nbConfirmed depends on it).
const guardedFields = ['isBooked', 'isActive', 'isAvailable', 'isInvitationSent', 'start', 'forced', 'amoNb', 'isConfirmed'] as const;
/** Never written by a staff change (identity). `reminderJobId` is: a move or a placement writes its reminder job with it. */
const untouchedFields = new Set(['uuid', 'planningId']);

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function isScalar(value: unknown): boolean {
  return value === null || value === undefined || ['string', 'number', 'boolean'].includes(typeof value);
}

/** Builds expressions with numbered placeholders. */
class Expression {
  readonly names: Record<string, string> = {};
  readonly values: Record<string, unknown> = {};
  private readonly byField = new Map<string, string>();
  private count = 0;

  name(field: string): string {
    let placeholder = this.byField.get(field);
    if (!placeholder) {
      placeholder = `#f${this.byField.size}`;
      this.byField.set(field, placeholder);
      this.names[placeholder] = field;
    }
    return placeholder;
  }

  value(value: unknown): string {
    const placeholder = `:v${this.count++}`;
    this.values[placeholder] = value;
    return placeholder;
  }

  /** `field` still holds `value` (absent, NULL, or equal). */
  equals(field: string, value: unknown): string {
    const name = this.name(field);
    if (value === undefined) return `attribute_not_exists(${name})`;
    if (value === null) return `(attribute_not_exists(${name}) OR attribute_type(${name}, ${this.value('NULL')}))`;
    return `${name} = ${this.value(value)}`;
  }
}

/**
 * The Update of one existing meeting: only the changed fields; lists that only grew are appended
 * (a reminder job may append to the same list meanwhile); `guarded` adds the conditions that make
 * the counter deltas exact.
 */
export function meetingUpdate(table: string, before: MeetingRecord, after: MeetingRecord, guarded: boolean) {
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

function meetingDelete(table: string, before: MeetingRecord) {
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

function grainItems(table: string, planning: PlanningRecord, writes: MeetingWrite[]) {
  const before = new Map<string, string>();
  const after = new Map<string, string>();
  for (const write of writes) {
    heldGrains(planning, write.before, before);
    heldGrains(planning, write.after, after);
  }
  const pk = keys.planning(planning._id).pk;
  const items: Record<string, unknown>[] = [];
  for (const [sk, uuid] of before) {
    if (!after.has(sk)) items.push({ Delete: { TableName: table, Key: { pk, sk }, ConditionExpression: 'meetingUuid = :uuid', ExpressionAttributeValues: { ':uuid': uuid } } });
  }
  for (const [sk, uuid] of after) {
    const previous = before.get(sk);
    if (previous === uuid) continue;
    items.push(
      previous === undefined
        ? { Put: { TableName: table, Item: { pk, sk, meetingUuid: uuid }, ConditionExpression: 'attribute_not_exists(pk)' } }
        : { Put: { TableName: table, Item: { pk, sk, meetingUuid: uuid }, ConditionExpression: 'meetingUuid = :previous', ExpressionAttributeValues: { ':previous': previous } } },
    );
  }
  return items;
}

function planningUpdate(table: string, planning: PlanningRecord, fields: PlanningFields, writes: MeetingWrite[]) {
  const expression = new Expression();
  const sets = [`${expression.name('version')} = ${expression.name('version')} + ${expression.value(1)}`];
  const removes: string[] = [];
  for (const [field, value] of Object.entries(fields)) {
    if (value === undefined) removes.push(expression.name(field));
    else sets.push(`${expression.name(field)} = ${expression.value(value)}`);
  }
  const adds: string[] = [];
  for (const counter of counterNames) {
    const delta = writes.reduce((sum, write) => sum + counterContribution(write.after)[counter] - counterContribution(write.before)[counter], 0);
    if (delta !== 0) adds.push(`${expression.name(counter)} ${expression.value(delta)}`);
  }
  return {
    Update: {
      TableName: table,
      Key: keys.planning(planning._id),
      UpdateExpression: [`SET ${sets.join(', ')}`, removes.length ? `REMOVE ${removes.join(', ')}` : '', adds.length ? `ADD ${adds.join(', ')}` : ''].filter(Boolean).join(' '),
      ConditionExpression: `${expression.name('version')} = ${expression.value(planning.version)}`,
      ExpressionAttributeNames: expression.names,
      ExpressionAttributeValues: expression.values,
    },
  };
}

/** What a staff user sees of a meeting in its history (the buyer's name rather than the whole guest). */
function historyView(meeting: MeetingRecord | null): Record<string, unknown> {
  if (!meeting) return {};
  const { guest, planningId: _planningId, uuid: _uuid, reminderJobId: _job, bookedAt: _bookedAt, icsSequence: _sequence, maxVisitorsNb: _max, ...rest } = meeting;
  return { nom: guest.nom, lotcomm: guest.lotcomm, ...rest };
}

export function historyEntry(actor: StaffActor, write: MeetingWrite, at: string): MeetingHistoryEntry | null {
  const meeting = write.after ?? write.before;
  if (!write.action || !meeting) return null;
  const before = historyView(write.before);
  const after = historyView(write.after);
  const changed = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((field) => !same(before[field], after[field]));
  const pick = (view: Record<string, unknown>) => Object.fromEntries(changed.filter((field) => view[field] !== undefined).map((field) => [field, view[field]]));
  return { id: newCapabilityId(6), planningId: meeting.planningId, uuid: meeting.uuid, at, by: { _id: actor.userId, name: actor.name, ...(actor.impersonator ? { impersonator: actor.impersonator } : {}) }, action: write.action, before: pick(before), after: pick(after) };
}

/** The write puts a visit at a time or AMO it did not hold (a cancellation does not). */
function placesVisit(write: MeetingWrite): boolean {
  const { before, after } = write;
  if (!after?.start || !(after.isBooked || after.forced)) return false;
  return !before || before.start !== after.start || before.amoNb !== after.amoNb || before.end !== after.end;
}

const maxItems = 100;
const maxAttempts = 10;

type Attempt<R> = { kind: 'done'; change: PlanningChange<R> } | { kind: 'retry' };

async function attempt<R>(deps: Deps, actor: StaffActor, state: PlanningState, plan: (state: PlanningState) => PlanningChange<R> | Promise<PlanningChange<R>>): Promise<Attempt<R>> {
  const change = await plan(state);
  const writes = change.meetings ?? [];
  // 'Décaler' running: no visit is placed or moved until every buyer it moves is settled.
  if (isShiftRunning(state.planning, deps.now().getTime()) && writes.some((write) => placesVisit(write))) throw new ConflictError(shiftMessages.inProgress);
  if (writes.length === 0 && !change.planning) return { kind: 'done', change };
  const table = deps.db.table;
  const at = deps.now().toISOString();
  const items: Record<string, unknown>[] = [...grainItems(table, state.planning, writes)];
  for (const write of writes) {
    // A new time is a new calendar revision; set on the very object the use case's mails read after commit.
    if (write.before && write.after && isVisitRevision(write.before, write.after)) write.after.icsSequence = nextIcsSequence(write.before);
    if (write.before && write.after) {
      const update = meetingUpdate(table, write.before, write.after, true);
      if (update) items.push(update);
    } else if (write.after) items.push({ Put: { TableName: table, Item: meetingItem(write.after), ConditionExpression: 'attribute_not_exists(pk)' } });
    else if (write.before) items.push(meetingDelete(table, write.before));
  }
  items.push(planningUpdate(table, state.planning, change.planning ?? {}, writes));
  items.push(...(change.jobs ?? []).map((job) => putJobItem(table, job)));
  const history = writes.map((write) => historyEntry(actor, write, at)).filter((entry): entry is MeetingHistoryEntry => !!entry);
  const historyInside = items.length + history.length <= maxItems;
  if (items.length > maxItems) throw new ValidationError(actionMessages.tooLarge);
  if (historyInside) items.push(...history.map((entry) => ({ Put: { TableName: table, Item: meetingHistoryItem(entry) } })));
  try {
    await commitTransaction(deps.db, items as never);
  } catch (error) {
    if (isConditionFailure(error)) return { kind: 'retry' };
    throw error;
  }
  if (!historyInside) {
    for (let start = 0; start < history.length; start += maxItems) {
      await commitTransaction(deps.db, history.slice(start, start + maxItems).map((entry) => ({ Put: { TableName: table, Item: meetingHistoryItem(entry) } })));
    }
  }
  return { kind: 'done', change };
}

/**
 * Runs one staff action on a planning: `plan` reads the state and returns the change (or throws
 * the rule's refusal); the change is written as one version-conditioned transaction, re-planned
 * on a lost race. `state` is the state already read by the caller's access check, or the
 * planning's id (read here).
 */
export async function changePlanning<R>(
  deps: Deps,
  actor: StaffActor,
  state: PlanningState | string,
  plan: (state: PlanningState) => PlanningChange<R> | Promise<PlanningChange<R>>,
): Promise<R> {
  const planningId = typeof state === 'string' ? state : state.planning._id;
  const reload = async () => {
    const next = await loadPlanningState(deps.db, planningId);
    if (!next) throw new NotFoundError(planningNotFound);
    return next;
  };
  let current = typeof state === 'string' ? await reload() : state;
  for (let index = 0; index < maxAttempts; index += 1) {
    const outcome = await attempt(deps, actor, current, plan);
    if (outcome.kind === 'done') {
      await deliverCommittedJobs(deps, outcome.change.jobs ?? []);
      await outcome.change.afterCommit?.();
      return outcome.change.result;
    }
    await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * (index + 1)));
    current = await reload();
  }
  throw new ConflictError(actionMessages.busy);
}

/**
 * Changes that touch neither slots nor counters (notification flags, relance timestamps): one
 * small transaction per meeting with its history entry, no planning version involved, so a bulk
 * action on hundreds of buyers never blocks bookings. A meeting changed meanwhile is re-read and
 * the change applied again; `change` returns null when it no longer applies.
 */
export async function updateMeetingFields(
  deps: Deps,
  actor: StaffActor,
  meeting: MeetingRecord,
  action: string,
  change: (meeting: MeetingRecord) => MeetingRecord | null,
): Promise<MeetingRecord | null> {
  let current: MeetingRecord | null = meeting;
  for (let index = 0; index < 5 && current; index += 1) {
    const after = change(current);
    if (!after) return null;
    const update = meetingUpdate(deps.db.table, current, after, false);
    if (!update) return after;
    const entry = historyEntry(actor, { before: current, after, action }, deps.now().toISOString());
    try {
      await commitTransaction(deps.db, [update, ...(entry ? [{ Put: { TableName: deps.db.table, Item: meetingHistoryItem(entry) } }] : [])] as never);
      return after;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      current = await getMeeting(deps.db, meeting.planningId, meeting.uuid);
    }
  }
  return null;
}
