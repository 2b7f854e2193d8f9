import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../../../functions/data/keys';
import { deleteUserAccount, listUsersPage, saveUserAsAdministrator, type UserPageRequest } from '../../../functions/data/user-admin-repository';
import { createUser, updateUser, type UserRecord } from '../../../functions/data/users-repository';
import { getDeps } from '../../../functions/runtime/deps';

/** Part 3 §2: deep pages start from cached boundaries; these must give exactly the pages a walk from the first key gives. */
const db = () => getDeps().store;
const walkOnly = Number.MAX_SAFE_INTEGER;
const step = 4;

const record = (index: number, overrides: Partial<UserRecord> = {}): UserRecord => ({
  _id: `pg${String(index).padStart(22, '0')}`,
  firstname: 'Page',
  lastname: ['Martin', 'Bernard', 'Dubois', 'Moreau', 'Laurent', 'Simon'][index % 6] + index,
  enterprise: '',
  username: `page${index}`,
  email: `page${index}@paging.livrea.fr`,
  role: index % 3 ? 'customer' : 'amo',
  passwordHash: 'scrypt$16384$8$1$c2FsdA==$aGFzaA==',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

/** Every page for limits 3 and 5 (pages straddle boundaries); for limit 1, the pages around each boundary (every page would be 31 pairs of queries per shape: too slow for a loaded CI worker). */
function pagesToCompare(limit: number): number[] {
  const last = Math.ceil(30 / limit) + 1;
  const all = Array.from({ length: last }, (_, index) => index + 1);
  return limit > 1 ? all : all.filter((page) => page <= 2 || (page - 1) % step <= 1 || page >= last - 1);
}

/** Every page of every shape, through boundaries (step 4) and through a plain walk. */
async function expectBoundaryPagesEqualWalkedPages(): Promise<void> {
  for (const role of [undefined, 'customer', 'amo'] as const) {
    for (const descending of [false, true]) {
      for (const limit of [1, 3, 5]) {
        for (const page of pagesToCompare(limit)) {
          const request: UserPageRequest = { role, descending, page, limit };
          const [viaBoundaries, walked] = await Promise.all([listUsersPage(db(), request, step), listUsersPage(db(), request, walkOnly)]);
          expect({ request, ids: viaBoundaries.map((user) => user._id) }).toEqual({ request, ids: walked.map((user) => user._id) });
        }
      }
    }
  }
}

describe('part 3 §2 the user list at depth: pages from cached boundaries', () => {
  it('gives exactly the walked pages, and stays exact after accounts are created, renamed, moved to another role and deleted, without walking the index again', async () => {
    // Initials outside a–z (accented, digits) sort before and after the letters: the walk must keep them in order.
    const users = Array.from({ length: 24 }, (_, index) =>
      record(index, index === 3 ? { lastname: 'Émery' } : index === 4 ? { lastname: "0'Neil" } : index === 8 ? { lastname: 'zoé' } : {}),
    );
    // Created at once: the counters and their change stamps move atomically.
    await Promise.all(users.map((user) => createUser(db(), user)));
    await expectBoundaryPagesEqualWalkedPages();
    const stored = await db().doc.send(new GetCommand({ TableName: db().table, Key: keys.userPageBoundaries('ALL') }));
    expect(stored.Item?.boundaries).toHaveLength(Math.ceil(24 / step));
    const walked = stored.Item?.walkedFrom;

    await createUser(db(), record(90, { lastname: 'Aaron' }));
    await updateUser(db(), users[5], { lastname: 'Zola' }, new Date('2026-01-02T00:00:00.000Z'));
    await saveUserAsAdministrator(db(), users[7], { ...users[7], role: 'amo', lastname: 'Abel', updatedAt: '2026-01-02T00:00:00.000Z' });
    await deleteUserAccount(db(), users[2]);
    await expectBoundaryPagesEqualWalkedPages();
    // Corrected from the change log, not walked again.
    const after = await db().doc.send(new GetCommand({ TableName: db().table, Key: keys.userPageBoundaries('ALL') }));
    expect(after.Item?.walkedFrom).toBe(walked);
  }, 120_000);

  it('a deep page reads at most one boundary step of index keys, not every key before it', async () => {
    await Promise.all(Array.from({ length: 30 }, (_, index) => createUser(db(), record(200 + index, { lastname: `Deep${String(index).padStart(2, '0')}` }))));
    await listUsersPage(db(), { descending: false, page: 5, limit: 3 }, step); // builds the boundaries once
    const send = jest.spyOn(db().doc, 'send');
    try {
      const page = await listUsersPage(db(), { descending: false, page: 8, limit: 3 }, step);
      expect(page).toHaveLength(3);
      // Index keys read (the change-log entries are read from their own small partition).
      const indexReads = send.mock.calls.flatMap(([command], call) =>
        command instanceof QueryCommand && command.input.IndexName ? [send.mock.results[call].value] : [],
      );
      expect(indexReads.length).toBeGreaterThan(0);
      const keysRead = await Promise.all(indexReads.map(async (result) => ((await result) as { Items?: unknown[] }).Items?.length ?? 0));
      expect(keysRead.reduce((sum, count) => sum + count, 0)).toBeLessThanOrEqual(step + 3);
    } finally {
      send.mockRestore();
    }
  });
});
