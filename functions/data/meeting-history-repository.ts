import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { type Db, type TransactionItem, withoutKeys } from './db';
import { keys } from './keys';

/**
 * One change staff made to a buyer's meeting: who, what, when, and the changed fields before and
 * after. Kept in the planning's history partition (not the planning partition, so the state a
 * booking reads stays small), written in the same transaction as the change.
 */
const meetingHistoryEntrySchema = z.object({
  id: z.string(),
  planningId: z.string(),
  uuid: z.string(),
  at: z.string(),
  by: z.object({ _id: z.string(), name: z.string(), impersonator: z.object({ _id: z.string(), name: z.string() }).optional() }),
  action: z.string(),
  before: z.record(z.string(), z.unknown()),
  after: z.record(z.string(), z.unknown()),
});
export type MeetingHistoryEntry = z.infer<typeof meetingHistoryEntrySchema>;

/** The item to Put (inside a TransactWriteItems, beside the change it records). */
function meetingHistoryItem(entry: MeetingHistoryEntry) {
  return { ...keys.meetingHistory(entry.planningId, entry.uuid, entry.at, entry.id), ...entry };
}

/** A history line of a meeting as a write of the change's transaction (not conditioned: each line has its own id). */
export function historyWrite(table: string, entry: MeetingHistoryEntry): TransactionItem {
  return { Put: { TableName: table, Item: meetingHistoryItem(entry) } };
}

// List History Of Meeting (oldest first)
export async function listMeetingHistory(db: Db, planningId: string, uuid: string): Promise<MeetingHistoryEntry[]> {
  const entries: MeetingHistoryEntry[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db.doc.send(
      new QueryCommand({
        TableName: db.table,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': `PLANNINGHISTORY#${planningId}`, ':prefix': `HISTORY#${uuid}#` },
        ExclusiveStartKey: cursor,
      }),
    );
    entries.push(...(page.Items ?? []).map((item) => meetingHistoryEntrySchema.parse(withoutKeys(item))));
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  return entries;
}
