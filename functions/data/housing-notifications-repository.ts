import { DeleteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { notificationSchema, type HousingNotification } from '../../shared/domain/buyer-area';
import { batchWrite } from './batch-write';
import { type Db, conditionHeld, deleteKeys, withoutKeys, deletePartition } from './db';
import { keys } from './keys';

/**
 * The Put of a badge notification of a housing, inside the transaction of what it announces.
 * `tenure` is the lot's tenure it was raised in: the buyers of a later tenure never see it.
 */
export function notificationPut(table: string, housingId: string, notification: HousingNotification, tenure: string | undefined) {
  return { Put: { TableName: table, Item: { ...keys.housingNotification(housingId, notification._id), ...notification, ...(tenure ? { tenure } : {}) } } };
}

// List Notifications Of Housing In One Tenure (oldest first)
export async function listNotifications(db: Db, housingId: string, tenure: string | undefined): Promise<HousingNotification[]> {
  const { Items } = await db.doc.send(
    new QueryCommand({
      TableName: db.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': `HOUSING#${housingId}`, ':prefix': 'NOTIF#' },
      ConsistentRead: true,
    }),
  );
  return (Items ?? [])
    .filter((item) => (item.tenure ?? '') === (tenure ?? ''))
    .map((item) => notificationSchema.parse(withoutKeys(item)))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

// Delete Notification (false when it was not there)
export function deleteNotification(db: Db, housingId: string, id: string): Promise<boolean> {
  return conditionHeld(
    db.doc.send(new DeleteCommand({ TableName: db.table, Key: keys.housingNotification(housingId, id), ConditionExpression: 'attribute_exists(pk)' })),
  );
}

// Put Notifications Of Many Housings (a program's news: one badge per buyer housing, 25 per BatchWrite)
export async function putNotifications(db: Db, entries: { housingId: string; notification: HousingNotification; tenure: string | undefined }[]): Promise<void> {
  await batchWrite(
    db,
    entries.map(({ housingId, notification, tenure }) => ({ PutRequest: { Item: notificationPut(db.table, housingId, notification, tenure).Put.Item } })),
  );
}

// Delete The Badges Of A Housing That Announce These Conversations (an account's erasure)
export async function deleteTicketNotifications(db: Db, housingId: string, ticketIds: Set<string>): Promise<void> {
  if (ticketIds.size === 0) return;
  const { Items } = await db.doc.send(
    new QueryCommand({
      TableName: db.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': `HOUSING#${housingId}`, ':prefix': 'NOTIF#' },
    }),
  );
  await deleteKeys(
    db,
    (Items ?? []).filter((item) => ticketIds.has(String(item.ticket))),
  );
}

/** Every item of a lot's housing partition (its notifications, badges): the buyer area's erasure. */
export async function deleteHousingPartition(db: Db, lotId: string): Promise<void> {
  await deletePartition(db, keys.housingNotification(lotId, '').pk);
}
