import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { type Db, withoutKeys } from './db';
import { keys } from './keys';

/**
 * What an administrator did while impersonating a user (issue 17 §3): both identities, the call
 * and its outcome. One partition, newest first: writes made while impersonating are rare.
 */
export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  administratorId: z.string(),
  administratorName: z.string(),
  userId: z.string(),
  userName: z.string(),
  action: z.string(),
  status: z.number(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

// Record Audit Entry
export async function putAuditEntry(db: Db, entry: AuditEntry): Promise<void> {
  await db.doc.send(new PutCommand({ TableName: db.table, Item: { ...keys.auditEntry(entry.at, entry.id), ...entry } }));
}

// List Audit Entries (newest first)
export async function listAuditEntries(db: Db, limit: number): Promise<AuditEntry[]> {
  const page = await db.doc.send(
    new QueryCommand({ TableName: db.table, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': 'AUDIT' }, ScanIndexForward: false, Limit: limit }),
  );
  return (page.Items ?? []).map((item) => auditEntrySchema.parse(withoutKeys(item)));
}
