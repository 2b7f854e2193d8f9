import { commitTransaction, isConditionFailure, type Db, type TransactionItem } from './db';

/**
 * What a named write of the data layer answers the use case: it took place, or which of its
 * conditions failed (another writer came first, nothing was written), named for what it guards.
 */
export type WriteOutcome<Lost extends string> = { committed: true } | { committed: false; lost: Lost };

/** The outcome of a write that took place. */
const committed = { committed: true } as const;

/** One item of a transaction and the condition it guards, named: what the use case is told when its check fails. */
export interface GuardedItem<Lost extends string> {
  item: TransactionItem;
  guards: Lost;
}

/**
 * Which condition refused a cancelled transaction: the role of its first item whose check failed
 * (DynamoDB answers one reason a position, in the items' order), `unnamed` when the error does not
 * say. Any other error is thrown.
 */
function lostOf<Lost extends string>(error: unknown, items: GuardedItem<Lost>[], unnamed: Lost): Lost {
  if (!isConditionFailure(error)) throw error;
  const reasons = (error as { CancellationReasons?: { Code?: string }[] } | null)?.CancellationReasons ?? [];
  const failed = reasons.findIndex((reason) => reason?.Code === 'ConditionalCheckFailed');
  return failed >= 0 && failed < items.length ? items[failed].guards : unnamed;
}

/**
 * Writes `items` all or nothing, in one transaction: the outcome names the condition that refused
 * them (`unnamed` when the database does not say which).
 */
export async function commitGuarded<Lost extends string>(db: Db, items: GuardedItem<Lost>[], unnamed: Lost): Promise<WriteOutcome<Lost>> {
  try {
    await commitTransaction(
      db,
      items.map(({ item }) => item),
    );
    return committed;
  } catch (error) {
    return { committed: false, lost: lostOf(error, items, unnamed) };
  }
}

/** The outcome of one conditional write: `lost` when its condition failed, any other error thrown. */
export async function outcomeOf<Lost extends string>(write: Promise<unknown>, lost: Lost): Promise<WriteOutcome<Lost>> {
  try {
    await write;
    return committed;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return { committed: false, lost };
  }
}
