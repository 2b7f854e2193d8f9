import { BatchWriteCommand, type BatchWriteCommandInput, type BatchWriteCommandOutput, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { type Db, conditionHeld, withoutKeys } from './db';
import { keys } from './keys';
import { countViewItem } from './virtual-visits-repository';

/** One opening of a public visit page (part 1 §2 view log, part 3 §3). */
export const visitViewSchema = z.object({
  _id: z.string(),
  uuid: z.string(),
  name: z.string(),
  pointer: z.string(),
  promoter: z.string(),
  date: z.string(),
  country_code: z.string(),
  country_name: z.string(),
  city: z.string(),
  postal: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  IPv4: z.string(),
  state: z.string(),
});
export type VisitView = z.infer<typeof visitViewSchema>;

const allViews = 'VVLOGS';

/**
 * Counts one view: the minute marker (absent, so a reload within the minute does nothing), the
 * visit's counter and the log entry, all or nothing. False when this address already opened the
 * visit this minute, or the visit is gone.
 */
export function recordVisitView(db: Db, view: VisitView, minute: number, expiresAt: number): Promise<boolean> {
  return conditionHeld(
    db.doc.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: db.table, Item: { ...keys.visitViewSeen(view.uuid, view.IPv4, minute), expiresAt }, ConditionExpression: 'attribute_not_exists(pk)' } },
          countViewItem(db.table, view.uuid),
          { Put: { TableName: db.table, Item: { ...keys.visitView(view.uuid, view._id), gsi1pk: allViews, gsi1sk: `${view.date}#${view.uuid}#${view._id}`, ...view } } },
        ],
      }),
    ),
  );
}

// List Visit Views Between Two Instants (the logs page: every visit, oldest first)
export async function listVisitViews(db: Db, from: string, to: string): Promise<VisitView[]> {
  const views: VisitView[] = [];
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
    views.push(...(page.Items ?? []).map((item) => visitViewSchema.parse(withoutKeys(item))));
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  return views;
}

type WriteRequests = NonNullable<BatchWriteCommandInput['RequestItems']>[string];

// Delete Visit Views (chosen entries of the history, 25 per batch)
export async function deleteVisitViews(db: Db, entries: { uuid: string; viewId: string }[]): Promise<void> {
  for (let index = 0; index < entries.length; index += 25) {
    const batch = entries.slice(index, index + 25);
    let pending: WriteRequests | undefined = batch.map((entry) => ({ DeleteRequest: { Key: keys.visitView(entry.uuid, entry.viewId) } }));
    while (pending && pending.length > 0) {
      const result: BatchWriteCommandOutput = await db.doc.send(new BatchWriteCommand({ RequestItems: { [db.table]: pending } }));
      pending = result.UnprocessedItems?.[db.table];
    }
  }
}
