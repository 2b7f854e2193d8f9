import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { type Db, withoutKeys } from './db';
import { putJobItem, type JobRecord } from './jobs-repository';
import { keys } from './keys';
import { conditionalWrite } from './conditional-write';
import { commitNamedParts, type CommitOutcome } from './named-commit';

/** A client file sent by a promoter or AMO, waiting for an administrator to integrate it. */
const clientFileRecordSchema = z.object({
  _id: z.string(),
  programId: z.string(),
  filename: z.string(),
  fileKey: z.string(),
  size: z.number(),
  sentBy: z.string(),
  sentByEmail: z.string(),
  status: z.enum(['received', 'integrated']),
  createdAt: z.string(),
  integratedAt: z.string().optional(),
});
export type ClientFileRecord = z.infer<typeof clientFileRecordSchema>;

// Put Client File
export async function putClientFile(db: Db, record: ClientFileRecord): Promise<void> {
  await db.doc.send(new PutCommand({ TableName: db.table, Item: { ...keys.clientFile(record.programId, record._id), ...record } }));
}

// Get Client File
export async function getClientFile(db: Db, programId: string, fileId: string): Promise<ClientFileRecord | null> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.clientFile(programId, fileId) }));
  return Item ? clientFileRecordSchema.parse(withoutKeys(Item)) : null;
}

// List Client Files Of Program
export async function listClientFiles(db: Db, programId: string): Promise<ClientFileRecord[]> {
  const { Items = [] } = await db.doc.send(
    new QueryCommand({
      TableName: db.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': `PROGRAM#${programId}`, ':prefix': 'CLIENTFILE#' },
    }),
  );
  return Items.map((item) => clientFileRecordSchema.parse(withoutKeys(item))).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** What marking a file integrated may lose to another writer: the file went (with its program), or its mail is queued already (a finish redone). */
export type IntegrationLost = 'file-gone' | 'mail-queued';

// Mark Client File Integrated, with the jobs of the mails it causes
export function markClientFileIntegrated(
  db: Db,
  programId: string,
  fileId: string,
  at: string,
  jobs: JobRecord[] = [],
): Promise<CommitOutcome<IntegrationLost>> {
  const update = {
    TableName: db.table,
    Key: keys.clientFile(programId, fileId),
    UpdateExpression: 'SET #status = :integrated, integratedAt = :at',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':integrated': 'integrated', ':at': at },
  };
  // What the integration causes (the sender's mail job) is committed with it.
  if (jobs.length === 0) return conditionalWrite<IntegrationLost>(db.doc.send(new UpdateCommand(update)), 'file-gone');
  return commitNamedParts<IntegrationLost>(db, [
    { role: 'file-gone', items: [{ Update: update }] },
    { role: 'mail-queued', items: jobs.map((job) => putJobItem(db.table, job)) },
  ]);
}

// Delete Client File (its record; the file itself is removed by the caller)
export async function deleteClientFile(db: Db, programId: string, fileId: string): Promise<void> {
  await db.doc.send(new DeleteCommand({ TableName: db.table, Key: keys.clientFile(programId, fileId) }));
}
