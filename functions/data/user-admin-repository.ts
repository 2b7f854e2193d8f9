import { GetCommand, QueryCommand, TransactWriteCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { Role } from '../../shared/domain/roles';
import { type Db, isConditionFailure } from './db';
import { keys } from './keys';
import { pageStart, userPageBoundaryStep } from './user-page-boundaries';
import { DuplicateUserError, getUsersByIds, indexKeys, userIndexUpdates, userRecordSchema, type UserRecord } from './users-repository';

/**
 * The administrator's operations on accounts (part 3 §2): the paged list, a change of e-mail or
 * role (which moves uniqueness items, index keys and counters), and deletion.
 */

export interface UserPageRequest {
  role?: Role;
  /** Lower-case start of the last name. */
  lastnamePrefix?: string;
  descending: boolean;
  page: number;
  limit: number;
}

/** The index range of a request: all users (gsi1) or one role (gsi2), optionally a last-name prefix. */
function range(db: Db, request: Pick<UserPageRequest, 'role' | 'lastnamePrefix'>, descending = false): QueryCommandInput {
  const index = indexOf(request);
  const pk = request.role ? `ROLE#${request.role}` : 'USERS';
  return {
    TableName: db.table,
    IndexName: index,
    KeyConditionExpression: request.lastnamePrefix ? `${index}pk = :pk AND begins_with(${index}sk, :prefix)` : `${index}pk = :pk`,
    ExpressionAttributeValues: { ':pk': pk, ...(request.lastnamePrefix ? { ':prefix': request.lastnamePrefix } : {}) },
    ScanIndexForward: !descending,
  };
}

const indexOf = (request: Pick<UserPageRequest, 'role'>) => (request.role ? 'gsi2' : 'gsi1');
/** The account id at the end of an index sort key `<lastname>#<id>`. */
const idOf = (sortKey: string) => sortKey.slice(sortKey.lastIndexOf('#') + 1);

/**
 * The index sort keys of positions [skip, skip + count) of a query, reading only keys (projection of
 * the sort key): the cost is the keys skipped, so callers keep `skip` small.
 */
async function walkKeys(db: Db, query: QueryCommandInput, sortKey: string, skip: number, count: number): Promise<string[]> {
  const found: string[] = [];
  let seen = 0;
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db.doc.send(new QueryCommand({ ...query, ProjectionExpression: sortKey, Limit: skip + count - seen, ExclusiveStartKey: cursor }));
    for (const item of page.Items ?? []) {
      if (seen >= skip) found.push(String(item[sortKey]));
      seen += 1;
    }
    cursor = page.LastEvaluatedKey;
  } while (cursor && seen < skip + count);
  return found;
}

/**
 * The sort keys of the requested page. A page near either end of the order is walked from that end;
 * a deep page starts from the cached boundary just before it (user-page-boundaries.ts), so no page
 * reads more than one boundary step of keys. A last-name prefix is walked within its own range.
 */
async function pageSortKeys(db: Db, request: UserPageRequest, step: number): Promise<string[]> {
  const index = indexOf(request);
  const sortKey = `${index}sk`;
  const skip = (request.page - 1) * request.limit;
  if (request.lastnamePrefix || skip + request.limit <= step) return walkKeys(db, range(db, request, request.descending), sortKey, skip, request.limit);
  const scope = request.role ? `ROLE#${request.role}` : 'ALL';
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.userCount(scope), ConsistentRead: true }));
  const total = Number(Item?.count ?? 0);
  if (skip >= total) return [];
  // The page as ascending positions [from, to): a descending page counts from the end.
  const from = request.descending ? Math.max(0, total - skip - request.limit) : skip;
  const to = request.descending ? total - skip : Math.min(total, skip + request.limit);
  const inOrder = (ascending: string[]) => (request.descending ? [...ascending].reverse() : ascending);
  if (total - from <= step) {
    const fromEnd = await walkKeys(db, range(db, request, true), sortKey, total - to, to - from);
    return inOrder(fromEnd.reverse());
  }
  const start = await pageStart(db, { index, pk: request.role ? `ROLE#${request.role}` : 'USERS', scope }, from, step);
  const startQuery = range(db, request);
  const fromBoundary: QueryCommandInput =
    start.key === undefined
      ? startQuery
      : {
          ...startQuery,
          KeyConditionExpression: `${index}pk = :pk AND ${sortKey} >= :boundary`,
          ExpressionAttributeValues: { ...startQuery.ExpressionAttributeValues, ':boundary': start.key },
        };
  return inOrder(await walkKeys(db, fromBoundary, sortKey, from - start.position, to - from));
}

// List Users Page (by last name): the page's index keys, then only the page's profiles
export async function listUsersPage(db: Db, request: UserPageRequest, step = userPageBoundaryStep): Promise<UserRecord[]> {
  const ids = (await pageSortKeys(db, request, step)).map(idOf);
  const users = await getUsersByIds(db, ids);
  const byId = new Map(users.map((user) => [user._id, user]));
  return ids.map((id) => byId.get(id)).filter((user): user is UserRecord => !!user);
}

// Count Users (the maintained counters; a last-name prefix is counted on its index range)
export async function countUsers(db: Db, request: Pick<UserPageRequest, 'role' | 'lastnamePrefix'>): Promise<number> {
  if (!request.lastnamePrefix) {
    const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.userCount(request.role ? `ROLE#${request.role}` : 'ALL') }));
    return Number(Item?.count ?? 0);
  }
  let total = 0;
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db.doc.send(new QueryCommand({ ...range(db, request), Select: 'COUNT', ExclusiveStartKey: cursor }));
    total += page.Count ?? 0;
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  return total;
}

/** What the accounts table shows of an account: enough to search and sort without the profiles. */
export type UserSummary = Pick<UserRecord, '_id' | 'firstname' | 'lastname' | 'email' | 'username' | 'enterprise' | 'role'>;

// List User Summaries (every account of the scope, from its index, the table's columns only)
export async function listUserSummaries(db: Db, role?: Role): Promise<UserSummary[]> {
  const summaries: UserSummary[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db.doc.send(
      new QueryCommand({
        ...range(db, { role }),
        ProjectionExpression: '#id, firstname, lastname, email, username, enterprise, #role',
        ExpressionAttributeNames: { '#id': '_id', '#role': 'role' },
        ExclusiveStartKey: cursor,
      }),
    );
    summaries.push(
      ...(page.Items ?? []).map((item) => ({
        _id: String(item._id),
        firstname: String(item.firstname ?? ''),
        lastname: String(item.lastname ?? ''),
        email: String(item.email ?? ''),
        username: String(item.username ?? ''),
        enterprise: String(item.enterprise ?? ''),
        role: item.role as Role,
      })),
    );
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  return summaries;
}

// Save User As Administrator (e-mail, username and role may change; conditioned on the version read)
export async function saveUserAsAdministrator(db: Db, current: UserRecord, next: UserRecord): Promise<void> {
  const parsed = userRecordSchema.parse(next);
  const emailChanged = parsed.email.toLowerCase() !== current.email.toLowerCase();
  const usernameChanged = parsed.username.toLowerCase() !== current.username.toLowerCase();
  const items = [
    {
      Put: {
        TableName: db.table,
        Item: { ...keys.user(parsed._id), ...indexKeys(parsed), ...parsed },
        ConditionExpression: 'updatedAt = :seen',
        ExpressionAttributeValues: { ':seen': current.updatedAt },
      },
    },
    ...(emailChanged
      ? [
          { Put: { TableName: db.table, Item: { ...keys.uniqueEmail(parsed.email), userId: parsed._id }, ConditionExpression: 'attribute_not_exists(pk)' } },
          { Delete: { TableName: db.table, Key: keys.uniqueEmail(current.email) } },
        ]
      : []),
    ...(usernameChanged
      ? [
          {
            Put: {
              TableName: db.table,
              Item: { ...keys.uniqueUsername(parsed.username), userId: parsed._id },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          { Delete: { TableName: db.table, Key: keys.uniqueUsername(current.username) } },
        ]
      : []),
    ...userIndexUpdates(db, current, parsed),
  ];
  try {
    await db.doc.send(new TransactWriteCommand({ TransactItems: items }));
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
    if (emailChanged && reasons[1]?.Code === 'ConditionalCheckFailed') throw new DuplicateUserError('email');
    const usernameIndex = emailChanged ? 3 : 1;
    if (usernameChanged && reasons[usernameIndex]?.Code === 'ConditionalCheckFailed') throw new DuplicateUserError('username');
    throw new UserChangedMeanwhileError();
  }
}

export class UserChangedMeanwhileError extends Error {
  constructor() {
    super('user changed meanwhile');
    this.name = 'UserChangedMeanwhileError';
  }
}

// Delete User (profile, uniqueness items and counters at once; sessions are revoked separately)
export async function deleteUserAccount(db: Db, user: UserRecord): Promise<boolean> {
  try {
    await db.doc.send(
      new TransactWriteCommand({
        TransactItems: [
          { Delete: { TableName: db.table, Key: keys.user(user._id), ConditionExpression: 'attribute_exists(pk)' } },
          { Delete: { TableName: db.table, Key: keys.uniqueEmail(user.email) } },
          { Delete: { TableName: db.table, Key: keys.uniqueUsername(user.username) } },
          ...userIndexUpdates(db, user, null),
        ],
      }),
    );
    return true;
  } catch (error) {
    // Two administrators deleting the same account at once: the second finds it gone.
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
