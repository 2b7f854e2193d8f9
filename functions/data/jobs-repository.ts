import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { type Db, isConditionFailure, withoutKeys } from './db';
import { keys } from './keys';

/**
 * A deferred job (send invitations, send a reminder). Stored here in both runtimes; the scheduler
 * only wakes the dispatch handler with the id. Claiming is conditional, so a job delivered twice
 * runs once.
 */
export const jobRecordSchema = z.object({
  id: z.string(),
  kind: z.string(),
  payload: z.record(z.string(), z.unknown()),
  runAt: z.string(),
  status: z.enum(['pending', 'running', 'done', 'cancelled', 'failed']),
  attempts: z.number().default(0),
  lastError: z.string().optional(),
  createdAt: z.string(),
});
export type JobRecord = z.infer<typeof jobRecordSchema>;

// Put Job
export async function putJob(db: Db, job: JobRecord): Promise<void> {
  await db.doc.send(new PutCommand({ TableName: db.table, Item: { ...keys.job(job.id), ...job } }));
}

// Get Job
export async function getJob(db: Db, id: string): Promise<JobRecord | null> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.job(id), ConsistentRead: true }));
  return Item ? jobRecordSchema.parse(withoutKeys(Item)) : null;
}

// Claim Job: pending → running, exactly once
export async function claimJob(db: Db, id: string): Promise<JobRecord | null> {
  try {
    const { Attributes } = await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.job(id),
        UpdateExpression: 'SET #status = :running, attempts = if_not_exists(attempts, :zero) + :one REMOVE gsi1pk, gsi1sk',
        ConditionExpression: '#status = :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':running': 'running', ':pending': 'pending', ':zero': 0, ':one': 1 },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes ? jobRecordSchema.parse(withoutKeys(Attributes)) : null;
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}

// Finish Job
export async function finishJob(db: Db, id: string, status: 'done' | 'failed', lastError?: string): Promise<void> {
  await db.doc.send(
    new UpdateCommand({
      TableName: db.table,
      Key: keys.job(id),
      UpdateExpression: 'SET #status = :status' + (lastError ? ', lastError = :error' : ''),
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':status': status, ...(lastError ? { ':error': lastError } : {}) },
    }),
  );
}

// Cancel Job (only if it has not started)
export async function cancelJob(db: Db, id: string): Promise<boolean> {
  try {
    await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.job(id),
        UpdateExpression: 'SET #status = :cancelled REMOVE gsi1pk, gsi1sk',
        ConditionExpression: '#status = :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':cancelled': 'cancelled', ':pending': 'pending' },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

// List Due Jobs (local poller; the local scheduler puts jobs on this index)
export async function listDueJobs(db: Db, now: Date, limit = 25): Promise<string[]> {
  const { Items = [] } = await db.doc.send(
    new QueryCommand({
      TableName: db.table,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk <= :now',
      ExpressionAttributeValues: { ':pk': 'JOBS#DUE', ':now': `${now.toISOString()}#~` },
      Limit: limit,
    }),
  );
  return Items.map((item) => String(item.id));
}
