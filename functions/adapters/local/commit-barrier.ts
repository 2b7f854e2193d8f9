import { type DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import { tableDefinition } from '../../data/table-definition';

/** The commands DynamoDB Local answers before their SQLite COMMIT has run. */
const deferredCommits = new Set(['TransactWriteItemsCommand', 'ExecuteTransactionCommand']);

interface TransactInput {
  TransactItems?: Record<string, { TableName?: string } | undefined>[];
}

function tableOf(input: TransactInput): string | undefined {
  for (const item of input.TransactItems ?? []) for (const operation of Object.values(item)) if (operation?.TableName) return operation.TableName;
  return undefined;
}

/**
 * DynamoDB Local acknowledges a TransactWriteItems before it is stored: its SQLiteDBAccess
 * .commitTransaction puts the COMMIT on the single SQLite queue (sqlite4java's SQLiteQueue.execute)
 * and answers without waiting for it, so a DynamoDB Local killed a few milliseconds after the
 * answer rolls the transaction back on restart (its hot journal). No flag of the jar changes that
 * (`-help`: -dbPath, -inMemory, -sharedDb, -delayTransientStatuses, -optimizeDbBeforeStartup).
 * The queue runs its jobs one at a time in order, so any read sent after the answer runs after
 * that COMMIT: the local client answers a transaction only once such a read (a GetItem of a key
 * that never exists) has come back. Single-item writes commit inside their own job and need none.
 * Local runtime only: DynamoDB itself acknowledges durably.
 */
export function addCommitBarrier(client: DynamoDBClient): void {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const result = await next(args);
      const table = deferredCommits.has(context.commandName ?? '') ? tableOf(args.input as TransactInput) : undefined;
      if (table) {
        await client.send(
          new GetItemCommand({
            TableName: table,
            Key: { [tableDefinition.partitionKey]: { S: 'COMMIT-BARRIER' }, [tableDefinition.sortKey]: { S: 'COMMIT-BARRIER' } },
            ConsistentRead: true,
          }),
        );
      }
      return result;
    },
    { step: 'initialize', name: 'livreaCommitBarrier' },
  );
}
