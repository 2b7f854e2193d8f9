import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { operationKinds, operationStatuses } from '../../shared/domain/operation';
import { type Db, conditionHeld, deleteKeys, queryIndexPartition, withoutKeys } from './db';
import { keys } from './keys';

/**
 * An operation: work that grows with a program, advanced by jobs (docs/architecture.md « Work
 * that grows with a program »). `cursor` counts the steps done: a runner records each step's
 * outcome on the condition that the cursor is still the one it read, so two runners of the same
 * operation (a job delivered twice, a lease taken over) never record a step twice. `state` is what
 * the steps carry from one to the next (small: large plans live in the file store). Listed per
 * program on gsi1 `OPERATIONS#<programId>` / `<createdAt>#<id>` (a screen finds its running
 * operation after a reload); kept 30 days (TTL).
 */
const operationRecordSchema = z.object({
  id: z.string(),
  kind: z.enum(operationKinds),
  status: z.enum(operationStatuses),
  progress: z.object({ done: z.number(), total: z.number() }),
  step: z.string().optional(),
  result: z.record(z.string(), z.unknown()).optional(),
  error: z.object({ message: z.string(), details: z.unknown().optional() }).optional(),
  programId: z.string(),
  planningId: z.string().optional(),
  ownerId: z.string(),
  cursor: z.number().int().min(0),
  state: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OperationRecord = z.infer<typeof operationRecordSchema>;

const keepSeconds = 30 * 86_400;
const operationsOf = (programId: string) => `OPERATIONS#${programId}`;

/** The Put of a new operation, for the transaction that also writes its first job (and what the request commits with it). */
export function putOperationItem(table: string, operation: OperationRecord) {
  return {
    Put: {
      TableName: table,
      Item: {
        ...keys.operation(operation.id),
        gsi1pk: operationsOf(operation.programId),
        gsi1sk: `${operation.createdAt}#${operation.id}`,
        ...operation,
        expiresAt: Math.floor(Date.parse(operation.createdAt) / 1000) + keepSeconds,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

export async function getOperation(db: Db, id: string): Promise<OperationRecord | null> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.operation(id), ConsistentRead: true }));
  return Item ? operationRecordSchema.parse(withoutKeys(Item)) : null;
}

/** The program's operations created since `since` (ISO), newest first, at most `limit`. */
export async function listProgramOperations(db: Db, programId: string, since: string, limit: number): Promise<OperationRecord[]> {
  const { Items = [] } = await db.doc.send(
    new QueryCommand({
      TableName: db.table,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk >= :since',
      ExpressionAttributeValues: { ':pk': operationsOf(programId), ':since': since },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return Items.map((item) => operationRecordSchema.parse(withoutKeys(item)));
}

/** What one recorded step changes on the operation. */
export interface OperationStepRecord {
  status: OperationRecord['status'];
  progress: OperationRecord['progress'];
  step?: string;
  state?: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: OperationRecord['error'];
}

/**
 * Records a step on the running operation whose cursor is still `cursor`, and moves the cursor on:
 * false when another runner recorded it first (or the operation ended), nothing written.
 */
export async function recordOperationStep(db: Db, id: string, cursor: number, change: OperationStepRecord, now: Date): Promise<boolean> {
  const fields: Record<string, unknown> = { status: change.status, progress: change.progress, cursor: cursor + 1, updatedAt: now.toISOString() };
  if (change.step !== undefined) fields.step = change.step;
  if (change.state !== undefined) fields.state = change.state;
  if (change.result !== undefined) fields.result = change.result;
  if (change.error !== undefined) fields.error = change.error;
  const names = Object.keys(fields);
  return conditionHeld(
    db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.operation(id),
        UpdateExpression: `SET ${names.map((name, index) => `#f${index} = :f${index}`).join(', ')}`,
        ConditionExpression: '#status = :running AND #cursor = :cursor',
        ExpressionAttributeNames: { ...Object.fromEntries(names.map((name, index) => [`#f${index}`, name])), '#status': 'status', '#cursor': 'cursor' },
        ExpressionAttributeValues: {
          ...Object.fromEntries(names.map((name, index) => [`:f${index}`, fields[name]])),
          ':running': 'running',
          ':cursor': cursor,
        },
      }),
    ),
  );
}

/** Deletes a deleted program's operations (they name its plannings; their results may name its files). */
export async function deleteProgramOperations(db: Db, programId: string): Promise<void> {
  await deleteKeys(db, await queryIndexPartition(db, 'gsi1', operationsOf(programId)));
}
