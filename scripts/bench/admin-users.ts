import { BatchWriteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ensureTable } from '../../infra/local/create-table';
import { benchDynamo, stopBenchDynamo } from './bench-dynamo';

/** Part 3 §2, §7 (page & limit): a page of GET /admin/users answers in under 100 ms with 50,000 users. */
const userPageBudgetMs = 100;

const lastnames = [
  'Martin',
  'Bernard',
  'Thomas',
  'Petit',
  'Robert',
  'Richard',
  'Durand',
  'Dubois',
  'Moreau',
  'Laurent',
  'Simon',
  'Michel',
  'Lefebvre',
  'Leroy',
  'Roux',
  'David',
];
const roles = ['customer', 'customer', 'customer', 'customer', 'customer', 'customer', 'amo', 'promoter'] as const;

/** Writes `count` accounts as createUser stores them (profile with its index keys, counters), BatchWrite 25 at a time. */
async function seedUsers(count: number): Promise<void> {
  const { getDeps } = await import('../../functions/runtime/deps');
  const { indexKeys } = await import('../../functions/data/users-repository');
  const { keys } = await import('../../functions/data/keys');
  const db = getDeps().store;
  const now = new Date().toISOString();
  const perRole = new Map<string, number>();
  const items = Array.from({ length: count }, (_, index) => {
    const role = roles[index % roles.length];
    perRole.set(role, (perRole.get(role) ?? 0) + 1);
    const _id = index.toString(16).padStart(24, 'b');
    const user = {
      _id,
      firstname: `Prénom${index}`,
      lastname: `${lastnames[index % lastnames.length]}${index}`,
      enterprise: 'Bench',
      username: `bench${index}`,
      email: `bench${index}@bench.livrea.fr`,
      role,
      passwordHash: 'scrypt$16384$8$1$c2FsdA==$aGFzaA==',
      createdAt: now,
      updatedAt: now,
    };
    return { ...keys.user(_id), ...indexKeys(user), ...user };
  });
  const chunks: (typeof items)[] = [];
  for (let start = 0; start < items.length; start += 25) chunks.push(items.slice(start, start + 25));
  for (let start = 0; start < chunks.length; start += 16) {
    await Promise.all(
      chunks.slice(start, start + 16).map(async (chunk) => {
        let request: Record<string, unknown[]> | undefined = { [db.table]: chunk.map((Item) => ({ PutRequest: { Item } })) };
        while (request && Object.keys(request).length > 0) {
          const result = await db.doc.send(new BatchWriteCommand({ RequestItems: request as never }));
          request = result.UnprocessedItems as typeof request;
        }
      }),
    );
  }
  await db.doc.send(new PutCommand({ TableName: db.table, Item: { ...keys.userCount('ALL'), count } }));
  for (const [role, total] of perRole) await db.doc.send(new PutCommand({ TableName: db.table, Item: { ...keys.userCount(`ROLE#${role}`), count: total } }));
}

/** GET /admin/users through the real handler (token check, session read, index pages, BatchGet of the page). */
export async function runAdminUsersBench(count = 50_000, runs = 20): Promise<void> {
  const dynamo = await benchDynamo();
  await ensureTable(dynamo.client, 'bench');
  const started = performance.now();
  await seedUsers(count);
  console.log(
    `\nGET /admin/users with ${count} users in DynamoDB Local (seeded in ${((performance.now() - started) / 1000).toFixed(0)} s), ${runs} runs per case`,
  );
  const { getDeps } = await import('../../functions/runtime/deps');
  const { createAccount } = await import('../../functions/core/accounts/register');
  const { issueSession } = await import('../../functions/core/accounts/issue-session');
  const { createApiDispatcher } = await import('../../infra/local/api-dispatcher');
  const deps = getDeps();
  const admin = await createAccount(deps, {
    firstname: 'Admin',
    lastname: 'Bench',
    enterprise: 'Livrea',
    username: 'admin-bench',
    email: 'admin@bench.livrea.fr',
    password: 'bench-password',
    role: 'administrator',
  });
  const { token } = await issueSession(deps, admin);
  const dispatch = createApiDispatcher({ includeLocalRoutes: false });
  const filters = (value: object) => encodeURIComponent(JSON.stringify(value));
  const cases: [string, string][] = [
    ['page-1', '/api/admin/users?page=1&limit=10'],
    ['page-1-desc', '/api/admin/users?page=1&limit=10&sortOrder=descend'],
    ['page-1-limit-100', '/api/admin/users?page=1&limit=100'],
    ['page-50', '/api/admin/users?page=50&limit=10'],
    ['page-500', '/api/admin/users?page=500&limit=10'],
    ['last-page', `/api/admin/users?page=${Math.ceil((count + 1) / 10)}&limit=10`],
    ['page-2500-desc', '/api/admin/users?page=2500&limit=10&sortOrder=descend'],
    ['role-amo-page-1', `/api/admin/users?page=1&limit=10&filters=${filters({ role: 'amo' })}`],
    ['role-amo-page-300', `/api/admin/users?page=300&limit=10&filters=${filters({ role: 'amo' })}`],
    ['lastname-prefix', `/api/admin/users?page=1&limit=10&filters=${filters({ lastname: 'moreau1' })}`],
  ];
  let failed: string | undefined;
  const timeCase = async (label: string, url: string) => {
    const timings: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const begin = performance.now();
      const response = await dispatch({ method: 'GET', url, headers: { authorization: `Bearer ${token}` }, sourceIp: '10.0.0.1' });
      timings.push(performance.now() - begin);
      if (response.status !== 200) throw new Error(`${label}: ${response.status} ${response.body.toString()}`);
    }
    const sorted = [...timings].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)];
    console.log(`bench admin-users-${count} ${label} median_ms=${median.toFixed(1)} max_ms=${sorted[sorted.length - 1].toFixed(1)}`);
    if (label === 'page-1' && median > userPageBudgetMs) failed = `page 1 took ${median.toFixed(0)} ms (budget ${userPageBudgetMs} ms)`;
  };
  // One untimed call first: the handler module loads and the connections open (a cold start is not a page).
  await dispatch({ method: 'GET', url: cases[0][1], headers: { authorization: `Bearer ${token}` }, sourceIp: '10.0.0.1' });
  // The first deep page walks the scope's keys once to store its page boundaries; every later deep
  // page starts from them. Timed once, apart from the cases.
  for (const [label, url] of [
    ['all', '/api/admin/users?page=500&limit=10'],
    ['role-amo', `/api/admin/users?page=300&limit=10&filters=${filters({ role: 'amo' })}`],
  ]) {
    const begin = performance.now();
    await dispatch({ method: 'GET', url, headers: { authorization: `Bearer ${token}` }, sourceIp: '10.0.0.1' });
    console.log(`bench admin-users-${count} boundaries-walk-${label} once_ms=${(performance.now() - begin).toFixed(1)}`);
  }
  for (const [label, url] of cases) await timeCase(label, url);
  // Accounts created after the walk are corrected from the change log, not walked again.
  const { createUser } = await import('../../functions/data/users-repository');
  const now = new Date().toISOString();
  for (let index = 0; index < 200; index += 1) {
    await createUser(deps.store, {
      _id: `c${index.toString(16).padStart(23, '0')}`,
      firstname: 'Nouveau',
      lastname: `${lastnames[index % lastnames.length]}N${index}`,
      enterprise: '',
      username: `new${index}`,
      email: `new${index}@bench.livrea.fr`,
      role: 'customer',
      passwordHash: 'x',
      createdAt: now,
      updatedAt: now,
    });
  }
  await timeCase('page-500-after-200-creations', '/api/admin/users?page=500&limit=10');
  if (failed) throw new Error(failed);
}

if (require.main === module) {
  runAdminUsersBench()
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    })
    .finally(() => stopBenchDynamo());
}
