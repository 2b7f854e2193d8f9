import { ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type Db, deleteKeys, deletePartition } from './db';
import { keys } from './keys';

/** Whether `text` names one of `mentions` as a whole word (an address inside a longer one does not count). */
function names(text: string, mentions: string[]): boolean {
  return mentions.some((mention) => new RegExp(`(^|[^\\w.%+-])${mention.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\w.-])`, 'i').test(text));
}

/**
 * Delete Jobs Mentioning (an erasure's last step): every job item whose kind or payload names one
 * of `mentions` (a program's id, its plannings, lots, visits) is deleted, but a running one (its
 * runner owns it; `keep` names the erasing job itself). Jobs are indexed only while due, so this
 * reads the table's job items with a Scan, a page at a time: it runs in the erasure job, never on
 * a request path, once per erased program or account; a re-run after a crash starts over and
 * finds only what is left.
 */
export async function deleteJobsMentioning(db: Db, mentions: string[], keep: string): Promise<number> {
  if (mentions.length === 0) return 0;
  let deleted = 0;
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db.doc.send(
      new ScanCommand({
        TableName: db.table,
        FilterExpression: 'begins_with(pk, :job) AND sk = :sk AND #status <> :running',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':job': 'JOB#', ':sk': 'JOB', ':running': 'running' },
        ExclusiveStartKey: cursor,
      }),
    );
    const matching = (page.Items ?? []).filter((item) => item.id !== keep && names(JSON.stringify(item.payload ?? {}), mentions));
    await deleteKeys(db, matching);
    // Their send records (recipient addresses), keyed by the job.
    for (const job of matching) await deletePartition(db, `SEND#${String(job.id)}`);
    deleted += matching.length;
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  return deleted;
}

/** Forget Job Payload: the erasing job keeps only what names its subject (the ids it erased go). */
export async function replaceJobPayload(db: Db, jobId: string, payload: Record<string, unknown>): Promise<void> {
  await db.doc.send(
    new UpdateCommand({
      TableName: db.table,
      Key: keys.job(jobId),
      UpdateExpression: 'SET payload = :payload',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':payload': payload },
    }),
  );
}
