import { commitTransaction, isConditionFailure, type Db, type TransactionItem } from './db';

/**
 * The outcome of a write that happens all or nothing, in the use case's terms: committed, or
 * refused because what some of its parts were checked against changed meanwhile (`lost` names
 * those parts, by their role in the write: several may have changed at once; empty when the
 * database did not say which). Nothing is written when refused.
 */
export type CommitOutcome<Lost extends string> = { committed: true } | { committed: false; lost: Lost[] };

/** Part of one all-or-nothing write: the items of one role (their conditions fail under that name). */
export interface NamedPart<Role extends string> {
  role: Role;
  items: readonly TransactionItem[];
}

/**
 * Writes every part in one transaction: a refusal names the roles whose conditions failed, read
 * from DynamoDB's cancellation reasons by each item's place in the transaction (known here only).
 * Any other error is thrown.
 */
export async function commitNamedParts<Role extends string>(db: Db, parts: readonly NamedPart<Role>[]): Promise<CommitOutcome<Role>> {
  const roles = parts.flatMap((part) => part.items.map(() => part.role));
  try {
    await commitTransaction(
      db,
      parts.flatMap((part) => part.items),
    );
    return { committed: true };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const reasons = (error as { CancellationReasons?: ({ Code?: string } | undefined)[] }).CancellationReasons ?? [];
    const lost = reasons.flatMap((reason, index) => (reason?.Code === 'ConditionalCheckFailed' ? [roles[index]] : []));
    return { committed: false, lost: [...new Set(lost)] };
  }
}
