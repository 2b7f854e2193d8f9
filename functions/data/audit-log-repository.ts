import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { auditEntrySchema, type AuditEntry } from '../../shared/domain/audit-log';
import { type Db, withoutKeys } from './db';
import { keys } from './keys';

// Record Audit Entry
export async function putAuditEntry(db: Db, entry: AuditEntry): Promise<void> {
  await db.doc.send(new PutCommand({ TableName: db.table, Item: { ...keys.auditEntry(entry.at, entry.id), ...entry } }));
}

// List Audit Entries (newest first, a page after `cursor`, the sort key of the previous page's last entry)
export async function listAuditEntries(db: Db, limit: number, cursor?: string): Promise<{ entries: AuditEntry[]; nextCursor?: string }> {
  const page = await db.doc.send(
    new QueryCommand({
      TableName: db.table,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': 'AUDIT' },
      ScanIndexForward: false,
      Limit: limit,
      ExclusiveStartKey: cursor ? { pk: 'AUDIT', sk: cursor } : undefined,
    }),
  );
  const last = page.LastEvaluatedKey;
  return { entries: (page.Items ?? []).map((item) => auditEntrySchema.parse(withoutKeys(item))), ...(last ? { nextCursor: String(last.sk) } : {}) };
}
