import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { type Db, conditionHeld, isConditionFailure, withoutKeys } from './db';
import { keys } from './keys';

/**
 * A deferred job (send invitations, send one buyer message, a reminder). Stored here in both
 * runtimes; the scheduler only wakes the dispatch handler with the id at `runAt`.
 *
 * Life cycle: pending → running (claimed, with a lease) → done | pending again (a failure, retried
 * after a backoff) | dead (out of attempts). While pending or running a job stays on the sparse due
 * index (gsi1 `JOBS#DUE` / `<dueAt>#<id>`): at `dueAt` while pending, at `leaseUntil` while
 * running. A sweep (the local poller, the AWS sweep rule) therefore always finds what is due and
 * what a crashed runner left behind; nothing claimed is ever lost.
 */
const jobRecordSchema = z.object({
  id: z.string(),
  kind: z.string(),
  payload: z.record(z.string(), z.unknown()),
  runAt: z.string(),
  /** When it may be claimed next: `runAt`, then the backoff time after a failure. */
  dueAt: z.string().optional(),
  // 'failed' only on items written before retries existed.
  status: z.enum(['pending', 'running', 'done', 'cancelled', 'dead', 'failed']),
  attempts: z.number().default(0),
  /** While running: the claim holds until then; past it, any sweep may claim the job again. */
  leaseUntil: z.string().optional(),
  lastError: z.string().optional(),
  createdAt: z.string(),
  finishedAt: z.string().optional(),
});
export type JobRecord = z.infer<typeof jobRecordSchema>;

const duePartition = 'JOBS#DUE';
const dueKey = (at: string, id: string) => ({ gsi1pk: duePartition, gsi1sk: `${at}#${id}` });

/** A new pending job, on the due index at `runAt`. */
export function newJob(id: string, kind: string, payload: Record<string, unknown>, runAt: Date, now: Date): JobRecord {
  const at = runAt.toISOString();
  return { id, kind, payload, runAt: at, dueAt: at, status: 'pending', attempts: 0, createdAt: now.toISOString() };
}

/** The item of a pending job: keys and due index. */
export function jobItem(job: JobRecord): Record<string, unknown> {
  return { ...keys.job(job.id), ...dueKey(job.dueAt ?? job.runAt, job.id), ...job };
}

/** The Put of a new job inside a caller's transaction (transactional outbox). */
export function putJobItem(table: string, job: JobRecord) {
  return { Put: { TableName: table, Item: jobItem(job), ConditionExpression: 'attribute_not_exists(pk)' } };
}

// Put Job (a new job; false when a job of that id exists already)
export async function putJob(db: Db, job: JobRecord): Promise<boolean> {
  return conditionHeld(db.doc.send(new PutCommand(putJobItem(db.table, job).Put)));
}

// Get Job
export async function getJob(db: Db, id: string): Promise<JobRecord | null> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.job(id), ConsistentRead: true }));
  return Item ? jobRecordSchema.parse(withoutKeys(Item)) : null;
}

/**
 * Claim Job: a pending job, or a running job whose lease has expired (its runner died), becomes
 * running with a new lease. Conditional, so a job delivered twice at once, or found by two
 * sweeps, is claimed by one of them. When a pending job runs is the caller's choice: its schedule
 * at `runAt`, or a sweep, which lists only what is due (so a retry waits for its backoff).
 */
export function claimJob(db: Db, id: string, now: Date, leaseMs: number): Promise<JobRecord | null> {
  const leaseUntil = new Date(now.getTime() + leaseMs).toISOString();
  return conditionalJobUpdate(db, id, {
    UpdateExpression: 'SET #status = :running, attempts = if_not_exists(attempts, :zero) + :one, leaseUntil = :lease, gsi1pk = :due, gsi1sk = :dueKey',
    ConditionExpression: '#status = :pending OR (#status = :running AND leaseUntil < :now)',
    ExpressionAttributeValues: {
      ':running': 'running',
      ':pending': 'pending',
      ':zero': 0,
      ':one': 1,
      ':now': now.toISOString(),
      ':lease': leaseUntil,
      ':due': duePartition,
      ':dueKey': dueKey(leaseUntil, id).gsi1sk,
    },
  });
}

/**
 * Renew Job Lease: a live runner's claim moved on by a lease from `now`, only if it is still its
 * own (the same `leaseUntil`); null once another run took the job over.
 */
export function renewJobLease(db: Db, claimed: JobRecord, now: Date, leaseMs: number): Promise<JobRecord | null> {
  const leaseUntil = new Date(now.getTime() + leaseMs).toISOString();
  return conditionalJobUpdate(db, claimed.id, {
    UpdateExpression: 'SET leaseUntil = :next, gsi1sk = :dueKey',
    ConditionExpression: '#status = :running AND leaseUntil = :lease',
    ExpressionAttributeValues: { ':running': 'running', ':lease': claimed.leaseUntil, ':next': leaseUntil, ':dueKey': dueKey(leaseUntil, claimed.id).gsi1sk },
  });
}

/** A conditional update of a job: the job as it now is, or null when the condition did not hold. */
async function conditionalJobUpdate(
  db: Db,
  id: string,
  update: { UpdateExpression: string; ConditionExpression: string; ExpressionAttributeValues: Record<string, unknown> },
): Promise<JobRecord | null> {
  try {
    const { Attributes } = await db.doc.send(
      new UpdateCommand({ TableName: db.table, Key: keys.job(id), ExpressionAttributeNames: { '#status': 'status' }, ReturnValues: 'ALL_NEW', ...update }),
    );
    return Attributes ? jobRecordSchema.parse(withoutKeys(Attributes)) : null;
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}

/** Ends a claim, only if it is still ours (a runner whose lease was taken over changes nothing). */
async function endClaim(db: Db, claimed: JobRecord, set: string, values: Record<string, unknown>, remove: string): Promise<boolean> {
  return conditionHeld(
    db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.job(claimed.id),
        UpdateExpression: `SET ${set} REMOVE ${remove}`,
        ConditionExpression: '#status = :running AND leaseUntil = :lease',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ...values, ':running': 'running', ':lease': claimed.leaseUntil },
      }),
    ),
  );
}

// Finish Job: running → done, off the due index
export function finishJob(db: Db, claimed: JobRecord, now: Date): Promise<boolean> {
  return endClaim(db, claimed, '#status = :done, finishedAt = :now', { ':done': 'done', ':now': now.toISOString() }, 'leaseUntil, gsi1pk, gsi1sk');
}

// Retry Job: running → pending, due again at `dueAt` (the backoff)
export function retryJob(db: Db, claimed: JobRecord, dueAt: Date, error: string): Promise<boolean> {
  const at = dueAt.toISOString();
  return endClaim(
    db,
    claimed,
    '#status = :pending, dueAt = :dueAt, lastError = :error, gsi1pk = :due, gsi1sk = :dueKey',
    { ':pending': 'pending', ':dueAt': at, ':error': error, ':due': duePartition, ':dueKey': dueKey(at, claimed.id).gsi1sk },
    'leaseUntil',
  );
}

// Defer Job: running → pending, due again at `dueAt`, the attempt given back (it waited for a quota, it did not fail)
export function deferJob(db: Db, claimed: JobRecord, dueAt: Date): Promise<boolean> {
  const at = dueAt.toISOString();
  return endClaim(
    db,
    claimed,
    '#status = :pending, dueAt = :dueAt, attempts = attempts - :one, gsi1pk = :due, gsi1sk = :dueKey',
    { ':pending': 'pending', ':dueAt': at, ':one': 1, ':due': duePartition, ':dueKey': dueKey(at, claimed.id).gsi1sk },
    'leaseUntil',
  );
}

// Dead-letter Job: running → dead, off the due index, kept for staff and operators
export function deadLetterJob(db: Db, claimed: JobRecord, now: Date, error: string): Promise<boolean> {
  return endClaim(
    db,
    claimed,
    '#status = :dead, lastError = :error, finishedAt = :now',
    { ':dead': 'dead', ':error': error, ':now': now.toISOString() },
    'leaseUntil, gsi1pk, gsi1sk',
  );
}

// Cancel Job (only if it has not started)
export async function cancelJob(db: Db, id: string): Promise<boolean> {
  return conditionHeld(
    db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.job(id),
        UpdateExpression: 'SET #status = :cancelled REMOVE gsi1pk, gsi1sk',
        ConditionExpression: '#status = :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':cancelled': 'cancelled', ':pending': 'pending' },
      }),
    ),
  );
}

/**
 * Scrub Job Payload: removes fields that must not outlive the send (a password mailed to a new
 * account), whatever the job's status.
 */
export async function scrubJobPayload(db: Db, id: string, fields: string[]): Promise<void> {
  if (fields.length === 0) return;
  await db.doc
    .send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.job(id),
        UpdateExpression: `REMOVE ${fields.map((_, index) => `payload.#f${index}`).join(', ')}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: Object.fromEntries(fields.map((field, index) => [`#f${index}`, field])),
      }),
    )
    .catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error;
    });
}

// List Due Jobs: pending jobs due by `now` and running jobs whose lease expired (the sweep)
export async function listDueJobs(db: Db, now: Date, limit = 25): Promise<string[]> {
  const { Items = [] } = await db.doc.send(
    new QueryCommand({
      TableName: db.table,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk <= :now',
      ExpressionAttributeValues: { ':pk': duePartition, ':now': `${now.toISOString()}#~` },
      Limit: limit,
    }),
  );
  return Items.map((item) => String(item.id));
}
