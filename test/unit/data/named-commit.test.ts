import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import type { Db } from '../../../functions/data/db';
import { commitNamedParts } from '../../../functions/data/named-commit';

/** A store whose every transaction is refused with `reasons` (one per item, in order), or succeeds when null. */
function storeAnswering(reasons: { Code: string }[] | null, sent: unknown[] = []): Db {
  const send = async (command: unknown) => {
    sent.push(command);
    if (reasons) throw new TransactionCanceledException({ message: 'cancelled', $metadata: {}, CancellationReasons: reasons });
    return {};
  };
  return { table: 'test', doc: { send } } as unknown as Db; // a stand-in for the client: only send is called
}

const item = (sk: string) => ({ ConditionCheck: { TableName: 'test', Key: { pk: 'P', sk }, ConditionExpression: 'attribute_exists(pk)' } });
const parts = [
  { role: 'lock' as const, items: [item('LOCK')] },
  { role: 'changed' as const, items: [item('A'), item('B')] },
  { role: 'closed' as const, items: [item('PROGRAM')] },
];

describe('a named write answers which of its roles lost their condition, never an item’s position', () => {
  it('committed: { committed: true }, every part in one transaction', async () => {
    const sent: unknown[] = [];

    expect(await commitNamedParts(storeAnswering(null, sent), parts)).toEqual({ committed: true });
    expect(sent).toHaveLength(1);
  });

  it('a failed condition in a part of several items names that part once', async () => {
    const none = { Code: 'None' };
    const failed = { Code: 'ConditionalCheckFailed' };

    expect(await commitNamedParts(storeAnswering([none, failed, failed, none]), parts)).toEqual({ committed: false, lost: ['changed'] });
  });

  it('several parts refused at once are all named (the use case decides which matters)', async () => {
    const none = { Code: 'None' };
    const failed = { Code: 'ConditionalCheckFailed' };

    expect(await commitNamedParts(storeAnswering([failed, none, none, failed]), parts)).toEqual({ committed: false, lost: ['lock', 'closed'] });
  });

  it('a transaction cancelled by another one on the same items (no condition failed) is refused with no part named', async () => {
    const conflict = { Code: 'TransactionConflict' };

    expect(await commitNamedParts(storeAnswering([{ Code: 'None' }, conflict, { Code: 'None' }, { Code: 'None' }]), parts)).toEqual({
      committed: false,
      lost: [],
    });
  });
});
