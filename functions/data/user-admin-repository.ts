import { GetCommand, QueryCommand, TransactWriteCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { Role } from '../../shared/domain/roles';
import { type Db, isConditionFailure } from './db';
import { keys } from './keys';
import { countUpdates, DuplicateUserError, getUsersByIds, indexKeys, userRecordSchema, type UserRecord } from './users-repository';

/**
 * The administrator's operations on accounts (issue 17 §1): the paged list, a change of e-mail or
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
function range(db: Db, request: UserPageRequest): QueryCommandInput {
  const index = request.role ? 'gsi2' : 'gsi1';
  const pk = request.role ? `ROLE#${request.role}` : 'USERS';
  return {
    TableName: db.table,
    IndexName: index,
    KeyConditionExpression: request.lastnamePrefix ? `${index}pk = :pk AND begins_with(${index}sk, :prefix)` : `${index}pk = :pk`,
    ExpressionAttributeValues: { ':pk': pk, ...(request.lastnamePrefix ? { ':prefix': request.lastnamePrefix } : {}) },
    ScanIndexForward: !request.descending,
  };
}

// List Users Page (by last name): reads only index keys up to the page, then the page's profiles
export async function listUsersPage(db: Db, request: UserPageRequest): Promise<UserRecord[]> {
  const skip = (request.page - 1) * request.limit;
  const ids: string[] = [];
  let seen = 0;
  let cursor: Record<string, unknown> | undefined;
  do {
    // Keys only: the skipped part of the range costs index reads of the key attributes, never profiles.
    const page = await db.doc.send(
      new QueryCommand({ ...range(db, request), ProjectionExpression: 'pk', Limit: skip + request.limit - seen, ExclusiveStartKey: cursor }),
    );
    for (const item of page.Items ?? []) {
      if (seen >= skip) ids.push(String(item.pk).slice('USER#'.length));
      seen += 1;
    }
    cursor = page.LastEvaluatedKey;
  } while (cursor && seen < skip + request.limit);
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
    const page = await db.doc.send(new QueryCommand({ ...range(db, { ...request, descending: false, page: 1, limit: 1 }), Select: 'COUNT', ExclusiveStartKey: cursor }));
    total += page.Count ?? 0;
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  return total;
}

// Save User As Administrator (e-mail, username and role may change; conditioned on the version read)
export async function saveUserAsAdministrator(db: Db, current: UserRecord, next: UserRecord): Promise<void> {
  const parsed = userRecordSchema.parse(next);
  const emailChanged = parsed.email.toLowerCase() !== current.email.toLowerCase();
  const usernameChanged = parsed.username.toLowerCase() !== current.username.toLowerCase();
  const roleChanged = parsed.role !== current.role;
  const items = [
    { Put: { TableName: db.table, Item: { ...keys.user(parsed._id), ...indexKeys(parsed), ...parsed }, ConditionExpression: 'updatedAt = :seen', ExpressionAttributeValues: { ':seen': current.updatedAt } } },
    ...(emailChanged
      ? [
          { Put: { TableName: db.table, Item: { ...keys.uniqueEmail(parsed.email), userId: parsed._id }, ConditionExpression: 'attribute_not_exists(pk)' } },
          { Delete: { TableName: db.table, Key: keys.uniqueEmail(current.email) } },
        ]
      : []),
    ...(usernameChanged
      ? [
          { Put: { TableName: db.table, Item: { ...keys.uniqueUsername(parsed.username), userId: parsed._id }, ConditionExpression: 'attribute_not_exists(pk)' } },
          { Delete: { TableName: db.table, Key: keys.uniqueUsername(current.username) } },
        ]
      : []),
    ...(roleChanged ? [...countUpdates(db, current.role, -1).slice(1), ...countUpdates(db, parsed.role, 1).slice(1)] : []),
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
          ...countUpdates(db, user.role, -1),
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
