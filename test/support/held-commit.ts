import { TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { TransactionItem } from '../../functions/data/db';
import { getDeps, type Deps } from '../../functions/runtime/deps';

/** Whether a transaction checks an AMO's calendar (`AMOCAL#…`): the commit of a change decided on it. */
export function checksAmoCalendar(items: readonly TransactionItem[]): boolean {
  return items.some((item) => String(item.ConditionCheck?.Key?.pk ?? '').startsWith('AMOCAL#'));
}

/**
 * The dependencies of a use case whose first transaction (the first `which` accepts) waits until
 * `meanwhile` has run: another request committing at that very instant, between the use case's
 * decision and its commit.
 */
export function heldAtCommit(meanwhile: () => Promise<void>, which: (items: readonly TransactionItem[]) => boolean = () => true): Deps {
  const deps = getDeps();
  let done = false;
  const send = async (command: unknown) => {
    if (!done && command instanceof TransactWriteCommand && which(command.input.TransactItems ?? [])) {
      done = true;
      await meanwhile();
    }
    return deps.store.doc.send(command as never);
  };
  return { ...deps, store: { ...deps.store, doc: { send } as unknown as DynamoDBDocumentClient } };
}

/** A promoter of the planning's program as the use cases see their caller. */
export function promoterCaller(user: { _id: string }) {
  return { userId: user._id, role: 'promoter' as const, jti: 'test', exp: Date.now() / 1000 + 60 };
}
