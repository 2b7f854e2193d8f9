import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { type Db, isConditionFailure } from './db';
import { keys } from './keys';

/**
 * Page boundaries of the admin user list (issue 17 §1, part 3 §7 page & limit): the index sort key
 * of every `step`-th account, so a deep page starts its key walk at the boundary just before it
 * instead of at the first account. A boundary set is stamped with the scope's `changes` counter
 * (moved by every write that adds, removes or reorders accounts, in the same transaction): while
 * nothing changed it is exact; after a change it is rebuilt once by a keys-only walk of the scope.
 */
export const userPageBoundaryStep = 500;

export interface BoundaryScope {
  index: 'gsi1' | 'gsi2';
  /** The index partition: `USERS` or `ROLE#<role>`. */
  pk: string;
  /** The counter scope: `ALL` or `ROLE#<role>`. */
  scope: string;
}

// Page Boundaries of a scope, rebuilt when the scope changed since they were stored
export async function pageBoundaries(db: Db, scope: BoundaryScope, changes: number, step: number): Promise<string[]> {
  const key = keys.userPageBoundaries(scope.scope);
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: key }));
  if (Item && Number(Item.changes) === changes && Number(Item.step) === step) return Item.boundaries as string[];
  const boundaries = await walkBoundaries(db, scope, step);
  try {
    // A slower rebuild started before a newer change must not replace the newer set.
    await db.doc.send(
      new PutCommand({
        TableName: db.table,
        Item: { ...key, changes, step, boundaries },
        ConditionExpression: 'attribute_not_exists(pk) OR #changes <= :changes',
        ExpressionAttributeNames: { '#changes': 'changes' },
        ExpressionAttributeValues: { ':changes': changes },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  return boundaries;
}

/** Every `step`-th sort key of the scope, reading only the sort key attribute. */
async function walkBoundaries(db: Db, scope: BoundaryScope, step: number): Promise<string[]> {
  const sortKey = `${scope.index}sk`;
  const boundaries: string[] = [];
  let position = 0;
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db.doc.send(
      new QueryCommand({
        TableName: db.table,
        IndexName: scope.index,
        KeyConditionExpression: `${scope.index}pk = :pk`,
        ExpressionAttributeValues: { ':pk': scope.pk },
        ProjectionExpression: sortKey,
        ExclusiveStartKey: cursor,
      }),
    );
    for (const item of page.Items ?? []) {
      if (position % step === 0) boundaries.push(String(item[sortKey]));
      position += 1;
    }
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  return boundaries;
}
