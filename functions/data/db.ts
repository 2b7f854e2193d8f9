import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  DynamoDBDocumentClient,
  QueryCommand,
  type QueryCommandInput,
  TransactWriteCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { NodeHttpHandler } from '@smithy/node-http-handler';
import { addCommitBarrier } from '../adapters/local/commit-barrier';
import { mapWithConcurrency } from '../runtime/concurrency';
import { sendUntilProcessed } from './batch-retry';
import { batchWrite } from './batch-write';

/** The table and its document client: the only handle repositories receive. */
export interface Db {
  doc: DynamoDBDocumentClient;
  table: string;
}

/** `requestHandler`: the SDK's HTTP transport, replaced only locally (adapters/local/throughput). */
export function createDb(table: string, endpoint?: string, requestHandler?: NodeHttpHandler): Db {
  const client = new DynamoDBClient({
    region: process.env.AWS_REGION ?? 'eu-west-3',
    ...(endpoint ? { endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
    ...(requestHandler ? { requestHandler } : {}),
  });
  // The SDK's logger step builds a redacted copy of every input and output for its logger even
  // when that logger does nothing (about a quarter of a buyer-page call's CPU);
  // Livrea never logs SDK calls, so the step goes.
  client.middlewareStack.remove('loggerMiddleware');
  // DynamoDB Local on a data folder answers a transaction before its COMMIT (commit-barrier.ts):
  // the local runtime sets LIVREA_COMMIT_BARRIER=1 unless it keeps the data in memory.
  if (endpoint && process.env.LIVREA_COMMIT_BARRIER === '1') addCommitBarrier(client);
  const doc = DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
  return { doc, table };
}

/** Strips the key attributes before an item is parsed into a domain value. */
export function withoutKeys<T extends Record<string, unknown>>(item: T): Omit<T, 'pk' | 'sk' | 'gsi1pk' | 'gsi1sk' | 'gsi2pk' | 'gsi2sk' | 'expiresAt'> {
  const { pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g1s, gsi2pk: _g2, gsi2sk: _g2s, expiresAt: _exp, ...rest } = item;
  return rest;
}

export function isConditionFailure(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  return name === 'ConditionalCheckFailedException' || name === 'TransactionCanceledException';
}

/** Whether a conditional write went through: false when its condition failed, any other error thrown. */
export async function conditionHeld(write: Promise<unknown>): Promise<boolean> {
  try {
    await write;
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** One item of a DynamoDB transaction (what the use cases assemble from the repositories' items). */
export type TransactionItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** DynamoDB's limit of items in one transaction. */
export const maxTransactionItems = 100;

/** Writes `items` all or nothing (a failed condition throws a TransactionCanceledException). */
export async function commitTransaction(db: Db, items: TransactionItem[]): Promise<void> {
  await db.doc.send(new TransactWriteCommand({ TransactItems: items }));
}

export type ItemKey = Record<string, unknown>;

/** The item of `items` (a BatchGet's answer, in no set order) that has this key. */
export function itemWithKey(items: Record<string, unknown>[], key: { pk: string; sk: string }): Record<string, unknown> | undefined {
  return items.find((item) => item.pk === key.pk && item.sk === key.sk);
}

/**
 * Every item of `itemKeys` that exists (BatchGet, 100 keys a call, 16 calls in flight at once: the
 * 300 calls of a 10,000-row import sent all together only queue in the database); unprocessed or
 * throttled keys are asked again after a pause that grows (batch-retry.ts). Order is not kept.
 */
export async function batchGetItems(db: Db, itemKeys: ItemKey[], options: { consistent?: boolean } = {}): Promise<Record<string, unknown>[]> {
  const chunks = Array.from({ length: Math.ceil(itemKeys.length / 100) }, (_, chunk) => itemKeys.slice(chunk * 100, chunk * 100 + 100));
  const pages = await mapWithConcurrency(chunks, 16, async (chunk) => {
    const items: Record<string, unknown>[] = [];
    await sendUntilProcessed('BatchGet', chunk, async (pending) => {
      const result = await db.doc.send(
        new BatchGetCommand({ RequestItems: { [db.table]: { Keys: pending, ...(options.consistent ? { ConsistentRead: true } : {}) } } }),
      );
      items.push(...(result.Responses?.[db.table] ?? []));
      return (result.UnprocessedKeys?.[db.table]?.Keys ?? []) as ItemKey[];
    });
    return items;
  });
  return pages.flat();
}

/** Every item of a partition, page after page (a partition the caller knows to stay small). */
export async function queryWholePartition(db: Db, pk: string, options: { consistent?: boolean } = {}): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db.doc.send(
      new QueryCommand({
        TableName: db.table,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': pk },
        ConsistentRead: options.consistent,
        ExclusiveStartKey: cursor,
      }),
    );
    items.push(...(page.Items ?? []));
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  return items;
}

/**
 * Deletes every item of a partition but those `keep` names, a page of keys at a time (25 per
 * BatchWrite, unprocessed ones retried). Running it again after a crash finishes the job.
 */
export async function deletePartition(db: Db, pk: string, keep: (sk: string) => boolean = () => false): Promise<void> {
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db.doc.send(
      new QueryCommand({
        TableName: db.table,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': pk },
        ProjectionExpression: 'pk, sk',
        ExclusiveStartKey: cursor,
      }),
    );
    await deleteKeys(
      db,
      (page.Items ?? []).filter((item) => !keep(String(item.sk))),
    );
    cursor = page.LastEvaluatedKey;
  } while (cursor);
}

/** Deletes these items (their `pk`/`sk`), 25 per BatchWrite, unprocessed ones retried. */
export async function deleteKeys(db: Db, keysToDelete: Record<string, unknown>[]): Promise<void> {
  await batchWrite(
    db,
    keysToDelete.map((item) => ({ DeleteRequest: { Key: { pk: item.pk, sk: item.sk } } })),
  );
}

/** Every item of one index partition, page after page (in index order, or newest first). */
export async function queryIndexPartition(
  db: Db,
  indexName: 'gsi1' | 'gsi2',
  partition: string,
  options: { newestFirst?: boolean } = {},
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let cursor: QueryCommandInput['ExclusiveStartKey'];
  do {
    const page = await db.doc.send(
      new QueryCommand({
        TableName: db.table,
        IndexName: indexName,
        KeyConditionExpression: `${indexName}pk = :pk`,
        ExpressionAttributeValues: { ':pk': partition },
        ScanIndexForward: !options.newestFirst,
        ExclusiveStartKey: cursor,
      }),
    );
    items.push(...(page.Items ?? []));
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  return items;
}

/**
 * One page of an index partition (docs/architecture.md « Bounded answers »): at most `limit` items
 * after the index sort key `after`, whose item's table key is `tableKeyOf(after)` (an index's start
 * key is both), and `next`, the sort key to go on from (null at the end of the partition).
 */
export async function queryIndexPage(
  db: Db,
  indexName: 'gsi1' | 'gsi2',
  partition: string,
  options: { after?: string; limit: number; newestFirst?: boolean; tableKeyOf: (position: string) => { pk: string; sk: string } },
): Promise<{ items: Record<string, unknown>[]; next: string | null }> {
  const start = options.after ? { ...options.tableKeyOf(options.after), [`${indexName}pk`]: partition, [`${indexName}sk`]: options.after } : undefined;
  const page = await db.doc.send(
    new QueryCommand({
      TableName: db.table,
      IndexName: indexName,
      KeyConditionExpression: `${indexName}pk = :pk`,
      ExpressionAttributeValues: { ':pk': partition },
      ScanIndexForward: !options.newestFirst,
      Limit: options.limit,
      ExclusiveStartKey: start,
    }),
  );
  return { items: page.Items ?? [], next: page.LastEvaluatedKey ? String(page.LastEvaluatedKey[`${indexName}sk`]) : null };
}
