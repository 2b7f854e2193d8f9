import { QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { viewLogEntrySchema, type ViewLogEntry } from '../../shared/domain/virtual-visit';
import { batchWrite } from './batch-write';
import { type Db, deleteKeys, isConditionFailure, withoutKeys } from './db';
import { keys } from './keys';
import { countViewItem } from './virtual-visits-repository';

const allViews = 'VVLOGS';

/** Openings from one address within this window count once (part 1 §2: reloads within a minute). */
const viewWindowMs = 60_000;

/** A transaction cancelled because another one held the item at the same time (not a failed condition). */
function lostToConcurrentWrite(error: unknown): boolean {
  if ((error as { name?: string } | null)?.name !== 'TransactionCanceledException') return false;
  const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
  return reasons.some((reason) => reason.Code === 'TransactionConflict') && !reasons.some((reason) => reason.Code === 'ConditionalCheckFailed');
}

/**
 * Counts one view: the address's last counted instant for this visit (moved only when it is
 * absent or at least a minute old, so a reload at :59 and another at :01 count once), the visit's
 * counter and the log entry, all or nothing. False when this address was counted less than a
 * minute ago, or the visit is gone. A transaction that only collided with a simultaneous opening
 * is tried again: the condition, read again, then says whether the other one counted.
 */
export async function recordVisitView(db: Db, view: ViewLogEntry, now: Date): Promise<boolean> {
  const at = now.getTime();
  const write = () =>
    db.doc.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: db.table,
              // Kept an hour (TTL), well past the window: the condition, not the TTL, decides.
              Item: { ...keys.visitViewSeen(view.uuid, view.IPv4), lastCountedAt: at, expiresAt: Math.floor(at / 1000) + 3600 },
              ConditionExpression: 'attribute_not_exists(pk) OR lastCountedAt <= :windowStart',
              ExpressionAttributeValues: { ':windowStart': at - viewWindowMs },
            },
          },
          countViewItem(db.table, view.uuid),
          {
            Put: {
              TableName: db.table,
              Item: { ...keys.visitView(view.uuid, view._id), gsi1pk: allViews, gsi1sk: `${view.date}#${view.uuid}#${view._id}`, ...view },
            },
          },
        ],
      }),
    );
  for (let attempt = 1; ; attempt += 1) {
    try {
      await write();
      return true;
    } catch (error) {
      if (lostToConcurrentWrite(error) && attempt < 5) continue;
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }
}

// List Visit Views Between Two Instants (the logs page: every visit, oldest first)
export async function listVisitViews(db: Db, from: string, to: string): Promise<ViewLogEntry[]> {
  const views: ViewLogEntry[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db.doc.send(
      new QueryCommand({
        TableName: db.table,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':pk': allViews, ':from': from, ':to': `${to}~` },
        ExclusiveStartKey: cursor,
      }),
    );
    views.push(...(page.Items ?? []).map((item) => viewLogEntrySchema.parse(withoutKeys(item))));
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  return views;
}

// Delete Visit Views (chosen entries of the history, 25 per batch)
export async function deleteVisitViews(db: Db, entries: { uuid: string; viewId: string }[]): Promise<void> {
  await batchWrite(
    db,
    entries.map((entry) => ({ DeleteRequest: { Key: keys.visitView(entry.uuid, entry.viewId) } })),
  );
}

// Delete Every View Of A Visit (its logs and their reload markers: the visit is erased)
export async function deleteAllVisitViews(db: Db, uuid: string): Promise<void> {
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db.doc.send(
      new QueryCommand({
        TableName: db.table,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `VVLOG#${uuid}` },
        ProjectionExpression: 'pk, sk, IPv4',
        ExclusiveStartKey: cursor,
      }),
    );
    const items = page.Items ?? [];
    const markers = [...new Set(items.map((item) => String(item.IPv4)))].map((ip) => keys.visitViewSeen(uuid, ip));
    await deleteKeys(db, [...markers, ...items]);
    cursor = page.LastEvaluatedKey;
  } while (cursor);
}
