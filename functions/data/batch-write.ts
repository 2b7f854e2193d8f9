import { BatchWriteCommand, type BatchWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { mapWithConcurrency } from '../runtime/concurrency';
import type { Db } from './db';

/** One put or delete of a BatchWrite, as the document client takes it. */
type WriteRequest = NonNullable<BatchWriteCommandInput['RequestItems']>[string][number];

/**
 * DynamoDB's answers that mean « this partition is busy this second, try again »: a BatchWrite
 * whose every item was throttled is refused whole with one of them (items throttled among others
 * come back as UnprocessedItems instead).
 */
const throttledNames = new Set(['ProvisionedThroughputExceededException', 'ThrottlingException', 'RequestLimitExceeded']);

function isThrottled(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return typeof name === 'string' && throttledNames.has(name);
}

/**
 * How many times one batch is sent before its error is the caller's. One partition key serves
 * 1,000 write units a second: a program's 10,000 lots share one, so an import at full speed is
 * throttled every second. The SDK's own three tries can all land in the same second; the pauses
 * here (50 ms doubling to 1 s, each shortened by up to half at random: 8 to 15 s in all) outlast
 * any second.
 */
const maxSends = 20;

const pauseBefore = (send: number) => new Promise((resolve) => setTimeout(resolve, Math.min(1_000, 25 * 2 ** send) * (0.5 + Math.random() / 2)));

/**
 * Writes these puts and deletes, 25 per BatchWrite, `concurrency` BatchWrites in flight (a new one
 * starts as soon as one ends), sending again what DynamoDB left unprocessed or refused as
 * throttled, after a pause that grows. Any other error is thrown at once.
 */
export async function batchWrite(db: Db, writes: WriteRequest[], concurrency = 1): Promise<void> {
  const chunks: WriteRequest[][] = [];
  for (let start = 0; start < writes.length; start += 25) chunks.push(writes.slice(start, start + 25));
  await mapWithConcurrency(chunks, concurrency, (chunk) => writeChunk(db, chunk));
}

async function writeChunk(db: Db, chunk: WriteRequest[]): Promise<void> {
  let pending = chunk;
  for (let send = 0; send < maxSends; send += 1) {
    if (send > 0) await pauseBefore(send);
    try {
      pending = (await db.doc.send(new BatchWriteCommand({ RequestItems: { [db.table]: pending } }))).UnprocessedItems?.[db.table] ?? [];
      if (pending.length === 0) return;
    } catch (error) {
      if (!isThrottled(error) || send + 1 === maxSends) throw error;
    }
  }
  throw new Error(`BatchWrite: ${pending.length} items still unprocessed after ${maxSends} sends`);
}
