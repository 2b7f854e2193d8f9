import { DeleteCommand, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { type Db, conditionHeld, queryIndexPage, withoutKeys } from './db';
import { keys } from './keys';
import { changeIndexSet } from './meeting-change-stamp';
import { lotOrderKey, lotOrderSeparator } from '../../shared/domain/lot-order';

/** A 3D virtual visit (part 1 §3, part 3 §3); `uuid` (9 characters) names it in /immersion/{uuid}. */
const virtualVisitRecordSchema = z.object({
  _id: z.string(),
  uuid: z.string(),
  name: z.string(),
  /** The visit promoter's _id (its logo and paragraphs). */
  promoter: z.string(),
  pointer: z.string(),
  payload: z.string(),
  email: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  sendMail: z.boolean(),
  counter: z.number(),
  /** The link mail went out (part 3 §2 'notified flag'). */
  notified: z.boolean(),
  createdAt: z.string(),
  createdBy: z.string(),
  /** Set when the visit is a buyer's, created from a planning (part 2). */
  programId: z.string().optional(),
  lotId: z.string().optional(),
  lotcomm: z.string().optional(),
  planningId: z.string().optional(),
  meetingUuid: z.string().optional(),
});
export type VirtualVisitRecord = z.infer<typeof virtualVisitRecordSchema>;

const allVisits = 'VVISITS';
const programVisits = (programId: string) => `PROGRAM#${programId}#VVISITS`;

/**
 * A visit's place in its program's index: its lot's number order key (shared/domain/lot-order.ts),
 * then its lot and uuid, so the program's « Visites 3D » pages come in the table's lot-number
 * order and one lot's visits are one prefix (docs/architecture.md « Bounded answers »).
 */
export function programVisitSortKey(visit: Pick<VirtualVisitRecord, 'lotcomm' | 'lotId' | 'uuid'>): string {
  return `${lotVisitsPrefix(visit.lotcomm ?? '', visit.lotId ?? '-')}${visit.uuid}`;
}

const lotVisitsPrefix = (lotcomm: string, lotId: string) => `${lotOrderKey(lotcomm)}${lotOrderSeparator}${lotId}#`;

/** The item: gsi1 lists every visit (admin), gsi2 a program's visits in lot-number order (program page, client tab). */
function visitItem(visit: VirtualVisitRecord): Record<string, unknown> {
  return {
    ...keys.virtualVisit(visit.uuid),
    gsi1pk: allVisits,
    gsi1sk: `${visit.createdAt}#${visit.uuid}`,
    ...(visit.programId ? { gsi2pk: programVisits(visit.programId), gsi2sk: programVisitSortKey(visit) } : {}),
    ...visit,
  };
}

/** The Put of a new visit inside a transaction: fails when the uuid is taken. */
export function putNewVisitItem(table: string, visit: VirtualVisitRecord) {
  return { Put: { TableName: table, Item: visitItem(visit), ConditionExpression: 'attribute_not_exists(pk)' } };
}

// Get Virtual Visit By Uuid
export async function getVirtualVisit(db: Db, uuid: string): Promise<VirtualVisitRecord | null> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.virtualVisit(uuid), ConsistentRead: true }));
  return Item ? virtualVisitRecordSchema.parse(withoutKeys(Item)) : null;
}

async function queryAll(db: Db, input: Omit<ConstructorParameters<typeof QueryCommand>[0], 'TableName' | 'ExclusiveStartKey'>): Promise<VirtualVisitRecord[]> {
  const visits: VirtualVisitRecord[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db.doc.send(new QueryCommand({ TableName: db.table, ...input, ExclusiveStartKey: cursor }));
    visits.push(...(page.Items ?? []).map((item) => virtualVisitRecordSchema.parse(withoutKeys(item))));
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  return visits;
}

// List Every Virtual Visit (newest first: the admin list)
export function listVirtualVisits(db: Db): Promise<VirtualVisitRecord[]> {
  return queryAll(db, { IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': allVisits }, ScanIndexForward: false });
}

// List Virtual Visits Of Program (or of one of its lots, by its number and id: the client detail tab)
export function listProgramVisits(db: Db, programId: string, lot?: { _id: string; lotcomm: string }): Promise<VirtualVisitRecord[]> {
  return queryAll(db, {
    IndexName: 'gsi2',
    KeyConditionExpression: lot ? 'gsi2pk = :pk AND begins_with(gsi2sk, :lot)' : 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': programVisits(programId), ...(lot ? { ':lot': lotVisitsPrefix(lot.lotcomm, lot._id) } : {}) },
  });
}

/**
 * List Program Visit Page (docs/architecture.md « Bounded answers »): at most `limit` of a
 * program's buyer visits in the index's order (lot number, then lot id and uuid) after the
 * position `after` (the gsi2sk of the previous page's last visit), and `next`, the position to go
 * on from (null at the end).
 */
export async function listProgramVisitPage(
  db: Db,
  programId: string,
  options: { after?: string; limit: number },
): Promise<{ visits: VirtualVisitRecord[]; next: string | null }> {
  const page = await queryIndexPage(db, 'gsi2', programVisits(programId), {
    ...options,
    // The position is `<order key>!<lotId>#<uuid>`: the uuid names the item.
    tableKeyOf: (position) => keys.virtualVisit(position.slice(position.lastIndexOf('#') + 1)),
  });
  return { visits: page.items.map((item) => virtualVisitRecordSchema.parse(withoutKeys(item))), next: page.next };
}

// Update Virtual Visit End Date (false when the visit is gone)
export function updateVisitEndDate(db: Db, uuid: string, endDate: string): Promise<boolean> {
  return conditionHeld(
    db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.virtualVisit(uuid),
        UpdateExpression: 'SET endDate = :end',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':end': endDate },
      }),
    ),
  );
}

// Mark Virtual Visit Notified (its link mail went out)
export async function markVisitNotified(db: Db, uuid: string): Promise<void> {
  await conditionHeld(
    db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.virtualVisit(uuid),
        UpdateExpression: 'SET notified = :yes',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':yes': true },
      }),
    ),
  );
}

/** The counter's increment inside the view transaction: only a visit that exists is counted. */
export function countViewItem(table: string, uuid: string) {
  return {
    Update: {
      TableName: table,
      Key: keys.virtualVisit(uuid),
      UpdateExpression: 'ADD #counter :one',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#counter': 'counter' },
      ExpressionAttributeValues: { ':one': 1 },
    },
  };
}

// Delete Virtual Visit (its view logs stay in the history until an administrator deletes them)
export async function deleteVirtualVisit(db: Db, uuid: string): Promise<void> {
  await db.doc.send(new DeleteCommand({ TableName: db.table, Key: keys.virtualVisit(uuid) }));
}

/**
 * The buyer's entry of the planning points at its visit (`vrUuid`, part 2 §3): set in the visit's
 * creation transaction, only on an entry that exists and has no visit yet.
 */
export function setMeetingVrUuidItem(table: string, planningId: string, meetingUuid: string, uuid: string, at: string) {
  // The staff screens' change index follows it (meeting-change-stamp.ts).
  const stamp = changeIndexSet(planningId, at);
  return {
    Update: {
      TableName: table,
      Key: keys.meeting(planningId, meetingUuid),
      UpdateExpression: `SET vrUuid = :uuid, ${stamp.clause}`,
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(vrUuid)',
      ExpressionAttributeValues: { ':uuid': uuid, ...stamp.values },
    },
  };
}

// Clear Meeting vrUuid (only if it still names this visit)
export async function clearMeetingVrUuid(db: Db, planningId: string, meetingUuid: string, uuid: string, at: string): Promise<void> {
  const stamp = changeIndexSet(planningId, at);
  await conditionHeld(
    db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.meeting(planningId, meetingUuid),
        UpdateExpression: `SET ${stamp.clause} REMOVE vrUuid`,
        ConditionExpression: 'vrUuid = :uuid',
        ExpressionAttributeValues: { ':uuid': uuid, ...stamp.values },
      }),
    ),
  );
}

/**
 * Visits indexed before the lot-number order (their gsi2sk `<lotId>#<uuid>`, without the order
 * key): each gets its sort key, conditioned on the key it had, so the « Visites 3D » pages list
 * it in its place. Answers how many it moved.
 */
export async function addVisitOrderKeys(db: Db, items: Record<string, unknown>[]): Promise<number> {
  let moved = 0;
  for (const item of items) {
    const visit = virtualVisitRecordSchema.parse(withoutKeys(item));
    const write = db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.virtualVisit(visit.uuid),
        UpdateExpression: 'SET gsi2sk = :key',
        ConditionExpression: 'gsi2sk = :before',
        ExpressionAttributeValues: { ':key': programVisitSortKey(visit), ':before': item.gsi2sk },
      }),
    );
    if (await conditionHeld(write)) moved += 1;
  }
  return moved;
}
