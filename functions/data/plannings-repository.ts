import {
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  type TransactWriteCommandInput,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { meetingSchema, planningSchema, type Meeting, type Planning } from '../../shared/domain/planning';
import { TimeRangeSchema } from '../../shared/scheduling/schemas';
import { type Db, batchGetItems, conditionHeld, deletePartition, isConditionFailure, withoutKeys } from './db';
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

export function planningItem(planning: PlanningRecord) {
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
 * partition is removed. Only the deletion itself reads it (`includeDeleted`).
 */
const isDisabled = (item: Record<string, unknown>) => item.deletedAt !== undefined;

/**
 * Load Planning State (planning, meetings; with `withBookingQueue`, also the booking lock's item,
 * which holds the bookings waiting for the lock: 'LOCK' sorts just before the meetings, so the
 * booking turn reads the planning and its queue in one Query)
 */
export async function loadPlanningState(
  db: Db,
  planningId: string,
  options: { includeDeleted?: boolean; withBookingQueue?: boolean } = {},
): Promise<(PlanningState & { bookingQueue?: Record<string, unknown> }) | null> {
  let planning: PlanningRecord | null = null;
  let bookingQueue: Record<string, unknown> | undefined = options.withBookingQueue ? {} : undefined;
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
        // tombstones. The booking turn reads this on every round while every other booking waits.
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :meetings AND :planning',
        ExpressionAttributeValues: { ':pk': `PLANNING#${planningId}`, ':meetings': options.withBookingQueue ? 'LOCK' : 'MEETING#', ':planning': 'PLANNING' },
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
      else if (sk === 'LOCK') bookingQueue = item;
    }
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  if (disabled && !options.includeDeleted) return null;
  return planning ? { planning, meetings, ...(bookingQueue ? { bookingQueue } : {}) } : null;
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

// Get Planning
export async function getPlanning(db: Db, planningId: string): Promise<PlanningRecord | null> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.planning(planningId), ConsistentRead: true }));
  return Item && !isDisabled(Item) ? planningRecordSchema.parse(withoutKeys(Item)) : null;
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

/** Writes a new planning: meetings first, the planning item last (its presence means the planning exists). */
export async function insertPlanning(db: Db, planning: PlanningRecord, meetings: MeetingRecord[], alsoWrite: TransactItem[] = []): Promise<void> {
  const items = meetings.map((meeting) => ({ PutRequest: { Item: meetingItem(meeting) } }));
  for (let start = 0; start < items.length; start += 25) {
    let request: Record<string, typeof items> | undefined = { [db.table]: items.slice(start, start + 25) };
    while (request && Object.keys(request).length > 0) {
      const result = await db.doc.send(new BatchWriteCommand({ RequestItems: request }));
      request = result.UnprocessedItems as typeof request;
    }
  }
  const put = { TableName: db.table, Item: planningItem(planning), ConditionExpression: 'attribute_not_exists(pk)' };
  // part 3 §2: what must exist if and only if the planning does (its appointment log) shares its put's transaction.
  if (alsoWrite.length > 0) await db.doc.send(new TransactWriteCommand({ TransactItems: [{ Put: put }, ...alsoWrite] }));
  else await db.doc.send(new PutCommand(put));
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

export type { Meeting, Planning };

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
