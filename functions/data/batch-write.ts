import { BatchWriteCommand, type BatchWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { mapWithConcurrency } from '../runtime/concurrency';
import { sendUntilProcessed } from './batch-retry';
import type { Db } from './db';

/** One put or delete of a BatchWrite, as the document client takes it. */
type WriteRequest = NonNullable<BatchWriteCommandInput['RequestItems']>[string][number];

/**
 * Writes these puts and deletes, 25 per BatchWrite, `concurrency` BatchWrites in flight (a new one
 * starts as soon as one ends), sending again what DynamoDB left unprocessed or refused as
 * throttled, after a pause that grows (batch-retry.ts). Any other error is thrown at once.
 */
export async function batchWrite(db: Db, writes: WriteRequest[], concurrency = 1): Promise<void> {
  const chunks: WriteRequest[][] = [];
  for (let start = 0; start < writes.length; start += 25) chunks.push(writes.slice(start, start + 25));
  await mapWithConcurrency(chunks, concurrency, (chunk) =>
    sendUntilProcessed('BatchWrite', chunk, async (pending) => {
      const { UnprocessedItems } = await db.doc.send(new BatchWriteCommand({ RequestItems: { [db.table]: pending } }));
      return UnprocessedItems?.[db.table] ?? [];
    }),
  );
}
