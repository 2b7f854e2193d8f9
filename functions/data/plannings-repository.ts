import { DeleteCommand, GetCommand, QueryCommand, TransactWriteCommand, type TransactWriteCommandInput, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { meetingSchema, planningSchema } from '../../shared/domain/planning';
import { TimeRangeSchema } from '../../shared/scheduling/schemas';
import { mapWithConcurrency } from '../runtime/concurrency';
import { type Db, batchGetItems, itemWithKey, conditionHeld, deleteKeys, deletePartition, isConditionFailure, maxTransactionItems, withoutKeys } from './db';
import { keys } from './keys';
import { changeIndexSet } from './meeting-change-stamp';
import { deletePlanningWaves } from './waves-repository';

/** The stored planning: what staff read, plus the engine's edits and a version for optimistic locking. */
export const planningRecordSchema = planningSchema.extend({
  version: z.number().int(),
  unavailable: z.array(TimeRangeSchema).default([]),
  extraAvailable: z.array(TimeRangeSchema).default([]),
  attachment: z.object({ fileKey: z.string(), filename: z.string(), contentType: z.string() }).optional(),
  invitationJobId: z.string().optional(),
  /**
   * Set while the planning is being created (docs/architecture.md « Planning creation »): the
   * operation writing its meetings. Every reader but that operation sees it as absent.
   */
  creationOperationId: z.string().optional(),
});
export type PlanningRecord = z.infer<typeof planningRecordSchema>;

export const meetingRecordSchema = meetingSchema.extend({
  reminderJobId: z.string().optional(),
  bookedAt: z.string().optional(),
  /** The visit's revision for calendars (ICS SEQUENCE): incremented by each change of its time. */
  icsSequence: z.number().int().optional(),
  /** part 3 §2 funnel: the first time the buyer's link was opened (set once by the buyer page's GET). */
  openedAt: z.string().optional(),
});
export type MeetingRecord = z.infer<typeof meetingRecordSchema>;

function planningItem(planning: PlanningRecord) {
  return {
    ...keys.planning(planning._id),
    gsi1pk: `PROGRAM#${planning.projectId}#PLANNINGS`,
    gsi1sk: `${planning.createdAt}#${planning._id}`,
    // The planning's public link (/pview/{uuid}) finds it through this index.
    gsi2pk: `PLANNINGUUID#${planning.uuid}`,
    gsi2sk: 'PLANNING',
    ...planning,
  };
}

export function meetingItem(meeting: MeetingRecord) {
  return { ...keys.meeting(meeting.planningId, meeting.uuid), gsi2pk: `MEETING#${meeting.uuid}`, gsi2sk: 'MEETING', ...meeting };
}

/** Everything a planning's rules need, read with one Query on its partition. */
export interface PlanningState {
  planning: PlanningRecord;
  meetings: MeetingRecord[];
}

/**
 * A planning whose program is being deleted carries `deletedAt`: from then on every reader sees it
 * as gone (buyers 'Rendez-vous non trouvé', no job sends for it, no list shows it) until its
 * partition is removed. Only the deletion itself reads it (`includeDeleted`). A planning being
 * created (`creationOperationId`) is absent the same way until its creation is done: no list shows
 * it, no route nor job acts on it; its creation and a program's deletion read it (`includeDeleted`).
 */
const isDisabled = (item: Record<string, unknown>) => item.deletedAt !== undefined || item.creationOperationId !== undefined;

/**
 * Load Planning State (planning, meetings: the whole items; the booking path reads less, see
 * booking-round-repository.ts)
 */
export async function loadPlanningState(db: Db, planningId: string, options: { includeDeleted?: boolean } = {}): Promise<PlanningState | null> {
  let planning: PlanningRecord | null = null;
  let disabled = false;
  const meetings: MeetingRecord[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db.doc.send(
      new QueryCommand({
        TableName: db.table,
        // Only the meetings and the planning item, which sort next to each other ('MEETING#…' <
        // 'PLANNING'): not the slot grains ('SLOT#…', one per pas of each booked visit, two for an
        // hour at 30 minutes: more items than the meetings once a planning fills), the lock nor the
        // tombstones.
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :meetings AND :planning',
        ExpressionAttributeValues: { ':pk': `PLANNING#${planningId}`, ':meetings': 'MEETING#', ':planning': 'PLANNING' },
        ConsistentRead: true,
        ExclusiveStartKey: cursor,
      }),
    );
    for (const item of page.Items ?? []) {
      const sk = String(item.sk);
      if (sk === 'PLANNING') {
        planning = planningRecordSchema.parse(withoutKeys(item));
        disabled = isDisabled(item);
      } else if (sk.startsWith('MEETING#')) meetings.push(meetingRecordSchema.parse(withoutKeys(item)));
    }
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  if (disabled && !options.includeDeleted) return null;
  return planning ? { planning, meetings } : null;
}

/**
 * Load Planning With Meetings: the planning and only these meetings (one BatchGet per 100), for
 * work on a few buyers of a planning of thousands (a wave's batch).
 */
export async function loadPlanningWithMeetings(db: Db, planningId: string, uuids: string[]): Promise<PlanningState | null> {
  const [planning, items] = await Promise.all([
    getPlanning(db, planningId),
    batchGetItems(
      db,
      uuids.map((uuid) => keys.meeting(planningId, uuid)),
      { consistent: true },
    ),
  ]);
  return planning ? { planning, meetings: items.map((item) => meetingRecordSchema.parse(withoutKeys(item))) } : null;
}

/**
 * List Meetings Of Planning, a page at a time (GET /rdv/{id}, docs/architecture.md « Bounded
 * answers »): at most `limit` meetings after the meeting `after` (its uuid), in the partition's
 * order, and the last uuid answered when more follow. Reads the page, not the partition.
 */
export async function listMeetingsPage(
  db: Db,
  planningId: string,
  options: { after?: string; limit: number },
): Promise<{ meetings: MeetingRecord[]; next: string | null }> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined = options.after ? keys.meeting(planningId, options.after) : undefined;
  for (;;) {
    const page = await db.doc.send(
      new QueryCommand({
        TableName: db.table,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :meeting)',
        ExpressionAttributeValues: { ':pk': `PLANNING#${planningId}`, ':meeting': 'MEETING#' },
        ConsistentRead: true,
        // One more than the page: a full page knows whether another follows.
        Limit: options.limit - items.length + 1,
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(page.Items ?? []));
    if (items.length > options.limit) {
      items.length = options.limit;
      const meetings = items.map((item) => meetingRecordSchema.parse(withoutKeys(item)));
      return { meetings, next: meetings[meetings.length - 1].uuid };
    }
    if (!page.LastEvaluatedKey) return { meetings: items.map((item) => meetingRecordSchema.parse(withoutKeys(item))), next: null };
    start = page.LastEvaluatedKey;
  }
}

/**
 * Count Meetings Of Planning: a COUNT Query of the partition's meetings (docs/architecture.md
 * « Bounded answers »): nothing is answered but the number, so a read-only calendar's « (n lots) »
 * costs a read of the partition, never an answer that grows with it.
 */
export async function countMeetings(db: Db, planningId: string): Promise<number> {
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.doc.send(
      new QueryCommand({
        TableName: db.table,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :meeting)',
        ExpressionAttributeValues: { ':pk': `PLANNING#${planningId}`, ':meeting': 'MEETING#' },
        Select: 'COUNT',
        ExclusiveStartKey: start,
      }),
    );
    count += page.Count ?? 0;
    start = page.LastEvaluatedKey;
  } while (start);
  return count;
}

// Get Planning
export async function getPlanning(db: Db, planningId: string): Promise<PlanningRecord | null> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.planning(planningId), ConsistentRead: true }));
  return Item && !isDisabled(Item) ? planningRecordSchema.parse(withoutKeys(Item)) : null;
}

/**
 * A planning (null when absent or disabled) and one of its meetings, read together in one
 * consistent BatchGet (both live in the planning's partition): what a job about one buyer reads
 * first.
 */
export async function getPlanningAndMeeting(db: Db, planningId: string, uuid: string): Promise<[PlanningRecord | null, MeetingRecord | null]> {
  const planningKey = keys.planning(planningId);
  const meetingKey = keys.meeting(planningId, uuid);
  const items = await batchGetItems(db, [planningKey, meetingKey], { consistent: true });
  const planning = itemWithKey(items, planningKey);
  const meeting = itemWithKey(items, meetingKey);
  return [
    planning && !isDisabled(planning) ? planningRecordSchema.parse(withoutKeys(planning)) : null,
    meeting ? meetingRecordSchema.parse(withoutKeys(meeting)) : null,
  ];
}

// Find Meeting By Uuid (the buyer's link)
export async function findMeetingByUuid(db: Db, uuid: string): Promise<MeetingRecord | null> {
  const { Items = [] } = await db.doc.send(
    new QueryCommand({
      TableName: db.table,
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': `MEETING#${uuid}` },
      Limit: 1,
    }),
  );
  return Items[0] ? meetingRecordSchema.parse(withoutKeys(Items[0])) : null;
}

// Find Planning Id By Uuid (the planning's public link)
export async function findPlanningIdByUuid(db: Db, uuid: string): Promise<string | null> {
  const { Items = [] } = await db.doc.send(
    new QueryCommand({
      TableName: db.table,
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': `PLANNINGUUID#${uuid}` },
      ProjectionExpression: '#id',
      ExpressionAttributeNames: { '#id': '_id' },
      Limit: 1,
    }),
  );
  return typeof Items[0]?._id === 'string' ? Items[0]._id : null;
}

// Get Meeting (consistent, from its planning partition)
export async function getMeeting(db: Db, planningId: string, uuid: string): Promise<MeetingRecord | null> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.meeting(planningId, uuid), ConsistentRead: true }));
  return Item ? meetingRecordSchema.parse(withoutKeys(Item)) : null;
}

// List Plannings Of Program (newest first)
export async function listProgramPlannings(db: Db, programId: string, options: { includeDeleted?: boolean } = {}): Promise<PlanningRecord[]> {
  const plannings: PlanningRecord[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db.doc.send(
      new QueryCommand({
        TableName: db.table,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': `PROGRAM#${programId}#PLANNINGS` },
        ScanIndexForward: false,
        ExclusiveStartKey: cursor,
      }),
    );
    const items = (page.Items ?? []).filter((item) => options.includeDeleted || !isDisabled(item));
    plannings.push(...items.map((item) => planningRecordSchema.parse(withoutKeys(item))));
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  return plannings;
}

/**
 * Disable Planning (its program is being deleted): marked, and its version moved on so that a
 * booking or staff change already under way fails its version condition and reads it as gone.
 */
export async function disablePlanning(db: Db, planningId: string, at: string): Promise<void> {
  await db.doc
    .send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.planning(planningId),
        UpdateExpression: 'SET deletedAt = if_not_exists(deletedAt, :at) ADD version :one',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':at': at, ':one': 1 },
      }),
    )
    .catch((error: unknown) => {
      // Already removed by an earlier run of the same deletion.
      if (!isConditionFailure(error)) throw error;
    });
}

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

// Creation (docs/architecture.md « Planning creation »): the planning item « being created », the
// creation's plan in pages, then each meeting with a marker of its place in the plan, so that a
// re-run of any step writes no meeting twice while meeting uuids stay random.

/** One buyer of a creation's plan: the lot, its visit's length and, for an imposed planning, the placed visit. */
const creationPlanEntrySchema = z.object({
  lotId: z.string(),
  length: z.number(),
  start: z.string().optional(),
  amoNb: z.number().int().optional(),
  shortNotice: z.boolean().optional(),
});
export type CreationPlanEntry = z.infer<typeof creationPlanEntrySchema>;

const creationPlanSk = (page: number) => `CREATION#PLAN#${String(page).padStart(5, '0')}`;
const creationMarkerSk = (index: number) => `CREATION#DONE#${String(index).padStart(6, '0')}`;
// The plan and markers outlive no creation: removed once it is done, and expired anyway.
const creationKeepSeconds = 30 * 86_400;

/** The Put of a planning being created (absent until now: a second creation of the same id fails its condition). */
export function planningInCreationPut(table: string, planning: PlanningRecord, operationId: string): TransactItem {
  return { Put: { TableName: table, Item: planningItem({ ...planning, creationOperationId: operationId }), ConditionExpression: 'attribute_not_exists(pk)' } };
}

/** The Put of one page of a creation's plan (its entries numbered from `page * pageSize`), written with the planning. */
export function creationPlanPagePut(table: string, planningId: string, page: number, entries: CreationPlanEntry[], now: Date): TransactItem {
  return {
    Put: {
      TableName: table,
      Item: { pk: `PLANNING#${planningId}`, sk: creationPlanSk(page), entries, expiresAt: Math.floor(now.getTime() / 1000) + creationKeepSeconds },
    },
  };
}

export async function getCreationPlanPage(db: Db, planningId: string, page: number): Promise<CreationPlanEntry[] | null> {
  const { Item } = await db.doc.send(
    new GetCommand({ TableName: db.table, Key: { pk: `PLANNING#${planningId}`, sk: creationPlanSk(page) }, ConsistentRead: true }),
  );
  return Item ? z.array(creationPlanEntrySchema).parse(Item.entries) : null;
}

/** The planning item as stored, being created or disabled alike (the creation's own read). */
export async function getPlanningAsStored(db: Db, planningId: string): Promise<{ planning: PlanningRecord; deleted: boolean } | null> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.planning(planningId), ConsistentRead: true }));
  return Item ? { planning: planningRecordSchema.parse(withoutKeys(Item)), deleted: Item.deletedAt !== undefined } : null;
}

/** Which places of the plan (`indexes`) already have their meeting: the place's index → the meeting's uuid. */
export async function createdMeetingsAt(db: Db, planningId: string, indexes: number[]): Promise<Map<number, string>> {
  const items = await batchGetItems(
    db,
    indexes.map((index) => ({ pk: `PLANNING#${planningId}`, sk: creationMarkerSk(index) })),
    { consistent: true },
  );
  return new Map(items.map((item) => [Number(item.index), String(item.meetingUuid)]));
}

/**
 * Writes meetings of a planning being created, each in a transaction with its marker (put if
 * absent) and, for a placed visit, its slot grains: false when another run wrote one of them first
 * (nothing of that transaction written; read the markers again). At most 100 items a transaction,
 * four transactions at once.
 */
export async function writeCreatedMeetings(
  db: Db,
  planning: Pick<PlanningRecord, '_id' | 'pas'>,
  placed: { index: number; meeting: MeetingRecord }[],
  now: Date,
): Promise<boolean> {
  const units: TransactItem[][] = [[]];
  for (const { index, meeting } of placed) {
    const items: TransactItem[] = [
      {
        Put: {
          TableName: db.table,
          Item: {
            pk: `PLANNING#${planning._id}`,
            sk: creationMarkerSk(index),
            index,
            meetingUuid: meeting.uuid,
            expiresAt: Math.floor(now.getTime() / 1000) + creationKeepSeconds,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      { Put: { TableName: db.table, Item: meetingItem(meeting), ConditionExpression: 'attribute_not_exists(pk)' } },
    ];
    if (meeting.start && meeting.end && meeting.amoNb !== null)
      for (let at = Date.parse(meeting.start); at < Date.parse(meeting.end); at += planning.pas * 1000)
        items.push({ Put: { TableName: db.table, Item: { ...keys.slotGrain(planning._id, meeting.amoNb, at), meetingUuid: meeting.uuid } } });
    if (units[units.length - 1].length + items.length > maxTransactionItems) units.push([]);
    units[units.length - 1].push(...items);
  }
  const held = await mapWithConcurrency(
    units.filter((unit) => unit.length > 0),
    4,
    (unit) => conditionHeld(db.doc.send(new TransactWriteCommand({ TransactItems: unit }))),
  );
  return held.every(Boolean);
}

/**
 * The Update that ends a planning's creation: its counters, its invitation job, and no longer
 * « being created », on the condition that it still is by this operation (and its program is not
 * being deleted): the transaction that carries it (invitation job, appointment log) commits once.
 */
export function planningCreationEnd(
  table: string,
  planningId: string,
  operationId: string,
  counters: Record<string, number>,
  invitationJobId: string,
): TransactItem {
  const names = Object.keys(counters);
  return {
    Update: {
      TableName: table,
      Key: keys.planning(planningId),
      UpdateExpression: `SET ${names.map((_, index) => `#c${index} = :c${index}`).join(', ')}, invitationJobId = :job REMOVE creationOperationId`,
      ConditionExpression: 'creationOperationId = :operation AND attribute_not_exists(deletedAt)',
      ExpressionAttributeNames: Object.fromEntries(names.map((name, index) => [`#c${index}`, name])),
      ExpressionAttributeValues: {
        ...Object.fromEntries(names.map((name, index) => [`:c${index}`, counters[name]])),
        ':job': invitationJobId,
        ':operation': operationId,
      },
    },
  };
}

/**
 * A creation refused by its first step (the buyers do not fit): the planning item « being
 * created », invisible to every reader, expires with its plan instead of staying for good. Only
 * while still this operation's (a re-run of the refusal writes the same again).
 */
export async function expireRefusedCreation(db: Db, planningId: string, operationId: string, now: Date): Promise<void> {
  await conditionHeld(
    db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.planning(planningId),
        UpdateExpression: 'SET expiresAt = :expires',
        ConditionExpression: 'creationOperationId = :operation',
        ExpressionAttributeValues: { ':expires': Math.floor(now.getTime() / 1000) + creationKeepSeconds, ':operation': operationId },
      }),
    ),
  );
}

/** Removes a done creation's plan and markers (a re-run removes what is left). */
export async function deleteCreationLeftovers(db: Db, planningId: string): Promise<void> {
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db.doc.send(
      new QueryCommand({
        TableName: db.table,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :creation)',
        ExpressionAttributeValues: { ':pk': `PLANNING#${planningId}`, ':creation': 'CREATION#' },
        ProjectionExpression: 'pk, sk',
        ExclusiveStartKey: cursor,
      }),
    );
    await deleteKeys(db, page.Items ?? []);
    cursor = page.LastEvaluatedKey;
  } while (cursor);
}

/**
 * Deletes a planning: meetings and slot grains first, with its delivery log, meeting history and
 * staff send waves, the planning item last (a half-deleted planning is never listed without its meetings).
 */
export async function deletePlanningPartition(db: Db, planningId: string): Promise<void> {
  await deletePartition(db, `PLANNING#${planningId}`, (sk) => sk === 'PLANNING');
  await deletePartition(db, `PLANNINGLOG#${planningId}`);
  await deletePartition(db, `PLANNINGHISTORY#${planningId}`);
  await deletePlanningWaves(db, planningId);
  await db.doc.send(new DeleteCommand({ TableName: db.table, Key: keys.planning(planningId) }));
}

/**
 * Records a reminder sent at `at` on the meeting, by mail and/or SMS (its history of rappels),
 * once per `messageKey` (the reminder job): a marker item (`SEND#<key>` / `dates#<uuid>`, the send
 * records' partition and lifetime) is put in the same transaction, so a job re-run after a crash
 * that follows this write adds no second date.
 */
export async function appendRappels(
  db: Db,
  planningId: string,
  uuid: string,
  sent: { mail: boolean; sms: boolean },
  at: string,
  messageKey: string,
): Promise<void> {
  const lists = [sent.mail ? 'rappelsMail = list_append(rappelsMail, :at)' : '', sent.sms ? 'rappelsSMS = list_append(rappelsSMS, :at)' : ''].filter(Boolean);
  if (lists.length === 0) return;
  const stamp = changeIndexSet(planningId, at);
  const marker = { ...keys.sendRecord(messageKey, 'dates', uuid), status: 'sent', at, expiresAt: Math.floor(Date.parse(at) / 1000) + 90 * 86_400 };
  await conditionHeld(
    db.doc.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: db.table, Item: marker, ConditionExpression: 'attribute_not_exists(pk)' } },
          {
            Update: {
              TableName: db.table,
              Key: keys.meeting(planningId, uuid),
              UpdateExpression: `SET ${lists.join(', ')}, ${stamp.clause}`,
              ExpressionAttributeValues: { ':at': [at], ...stamp.values },
            },
          },
        ],
      }),
    ),
  );
}
