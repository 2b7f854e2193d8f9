import { DeleteTableCommand, DynamoDBClient, ResourceNotFoundException } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, type BatchWriteCommandOutput, GetCommand, PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { OutboxMailer } from '../../../functions/adapters/local/outbox-mailer';
import { OutboxSmsSender } from '../../../functions/adapters/local/outbox-sms-sender';
import { runJobNow } from '../../../functions/core/jobs/dispatch-job';
import { mapWithConcurrency } from '../../../functions/core/planning-actions/meeting-rules';
import { createDb, type Db } from '../../../functions/data/db';
import type { Deps } from '../../../functions/runtime/deps';
import { requireEnv } from '../../../functions/runtime/env';
import { ensureTable } from '../create-table';

/**
 * The demo is built in a table of its own (the staging table) and only then copied into the
 * product's table: a seed killed half-way leaves the product's table without a single demo item,
 * and the next start builds the staging table anew. The copy is idempotent (the same items put
 * again), so a copy killed half-way is simply made again.
 */

/** The item that says the staging table holds the whole demo (it is not copied). */
const completeKey = { pk: 'SEED#DEMO', sk: 'STAGED' };

export function stagingTableOf(table: string): string {
  return `${table}-demo-seed`;
}

function localClient(): DynamoDBClient {
  return new DynamoDBClient({ endpoint: requireEnv('DYNAMODB_ENDPOINT'), region: 'eu-west-3', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
}

export async function dropTable(table: string): Promise<void> {
  try {
    await localClient().send(new DeleteTableCommand({ TableName: table }));
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException) && (error as { name?: string }).name !== 'ResourceNotFoundException') throw error;
  }
}

/** An empty table of the product's shape, whatever was there before. */
export async function recreateTable(table: string): Promise<void> {
  await dropTable(table);
  await ensureTable(localClient(), table);
}

/** The staging table's content when it holds the whole demo (its programId), undefined otherwise or when it does not exist. */
export async function completeStaging(staging: Db): Promise<{ programId: string } | undefined> {
  try {
    const { Item } = await staging.doc.send(new GetCommand({ TableName: staging.table, Key: completeKey, ConsistentRead: true }));
    return typeof Item?.programId === 'string' ? { programId: Item.programId } : undefined;
  } catch (error) {
    if ((error as { name?: string }).name === 'ResourceNotFoundException') return undefined;
    throw error;
  }
}

export async function markStagingComplete(staging: Db, programId: string): Promise<void> {
  await staging.doc.send(new PutCommand({ TableName: staging.table, Item: { ...completeKey, programId } }));
}

/**
 * The product's local dependencies writing to the staging table: the same files folder, the
 * outbox in the staging table (copied with the rest). The jobs a seeded action hands over at once
 * (the convocations' mails) run here against the staging table, before the copy, so the demo is
 * whole when copied; the product's job poller, which reads the product's table only, starts
 * after the seed. Jobs due later are copied with the rest and wait for it.
 */
export function stagingDeps(deps: Deps): Deps {
  if (deps.config.runtime !== 'local') throw new Error('The demo is seeded on local runs only.');
  const db = createDb(stagingTableOf(deps.db.table), requireEnv('DYNAMODB_ENDPOINT'));
  const staging: Deps = {
    ...deps,
    db,
    mailer: new OutboxMailer(db, deps.files),
    sms: new OutboxSmsSender(db),
    scheduler: {
      schedule: (jobId, runAt) => deps.scheduler.schedule(jobId, runAt),
      cancel: (jobId) => deps.scheduler.cancel(jobId),
      runSoon: async (jobIds) => {
        await mapWithConcurrency(jobIds, 4, (jobId) => runJobNow(staging, jobId));
      },
    },
  };
  return staging;
}

/** Puts every item of the staging table (its completion mark aside) into the product's table; `afterChunk` runs after each batch. */
export async function copyStagedItems(staging: Db, target: Db, afterChunk: (copied: number) => Promise<void> = async () => {}): Promise<number> {
  let copied = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await staging.doc.send(new ScanCommand({ TableName: staging.table, ExclusiveStartKey: start, ConsistentRead: true }));
    const items = (page.Items ?? []).filter((item) => !(item.pk === completeKey.pk && item.sk === completeKey.sk));
    const chunks = Array.from({ length: Math.ceil(items.length / 25) }, (_, index) => items.slice(index * 25, index * 25 + 25));
    // A few batches at a time: the copy runs before `npm start` answers.
    await mapWithConcurrency(chunks, 4, async (chunk) => {
      let request: BatchWriteCommand['input']['RequestItems'] = { [target.table]: chunk.map((Item) => ({ PutRequest: { Item } })) };
      while (request && Object.keys(request).length > 0) {
        const result: BatchWriteCommandOutput = await target.doc.send(new BatchWriteCommand({ RequestItems: request }));
        request = result.UnprocessedItems;
      }
      copied += chunk.length;
      await afterChunk(copied);
    });
    start = page.LastEvaluatedKey;
  } while (start);
  return copied;
}
