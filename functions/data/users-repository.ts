import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { genderSchema } from '../../shared/domain/account';
import { roleSchema } from '../../shared/domain/roles';
import { type Db, isConditionFailure, withoutKeys, batchGetItems, deletePartition } from './db';
import { putJobItem, type JobRecord } from './jobs-repository';
import { keys } from './keys';

export const userRecordSchema = z.object({
  _id: z.string(),
  gender: genderSchema.optional(),
  firstname: z.string(),
  lastname: z.string(),
  enterprise: z.string().default(''),
  username: z.string(),
  email: z.string(),
  role: roleSchema,
  passwordHash: z.string(),
  telephonemonsieur: z.string().optional(),
  telephonemadame: z.string().optional(),
  mailmonsieur: z.string().optional(),
  mailmadame: z.string().optional(),
  avatarKey: z.string().optional(),
  // Set by administrators (part 3 §3: invoicing entity; address and phone on the detail page).
  invoiceEntity: z.string().optional(),
  adresse: z.string().optional(),
  codepostal: z.string().optional(),
  ville: z.string().optional(),
  telephone: z.string().optional(),
  /** When the account proved it holds its e-mail (part 1 §2 buyer area): only then are lots linked to it. */
  emailVerifiedAt: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type UserRecord = z.infer<typeof userRecordSchema>;

/**
 * Users are listed per role (AMO pickers, the admin list filtered by role) through gsi2, and all
 * together in last-name order through gsi1 (the admin list, part 3 §2): both sort keys are
 * `<lastname lower case>#<id>`, so a last-name prefix is a key range.
 */
export function indexKeys(user: UserRecord) {
  const byName = `${user.lastname.toLowerCase()}#${user._id}`;
  return { gsi1pk: usersPartition, gsi1sk: byName, gsi2pk: `ROLE#${user.role}`, gsi2sk: byName };
}

const usersPartition = 'USERS';

/**
 * The writes that go with adding, removing or moving an account in the user index, in the same
 * transaction: each scope's count (`ALL`, `ROLE#<role>`) moves by the accounts it gains or loses,
 * and a change-log entry says which sort key left and which arrived, so the cached page boundaries
 * of the admin list stay exact without a new walk (user-page-boundaries.ts).
 */
export function userIndexUpdates(db: Db, before: UserRecord | null, after: UserRecord | null) {
  const at = new Date().toISOString();
  const keyIn = (user: UserRecord | null, scope: string) => (user && (scope === 'ALL' || scope === `ROLE#${user.role}`) ? indexKeys(user).gsi1sk : undefined);
  const scopes = new Set(['ALL', ...[before, after].flatMap((user) => (user ? [`ROLE#${user.role}`] : []))]);
  return [...scopes].flatMap((scope) => {
    const removed = keyIn(before, scope);
    const added = keyIn(after, scope);
    if (removed === added) return [];
    return [
      {
        Update: {
          TableName: db.table,
          Key: keys.userCount(scope),
          UpdateExpression: 'ADD #count :delta',
          ExpressionAttributeNames: { '#count': 'count' },
          ExpressionAttributeValues: { ':delta': (added ? 1 : 0) - (removed ? 1 : 0) },
        },
      },
      {
        Put: {
          TableName: db.table,
          // Kept well past the boundaries' longest life (user-page-boundaries.ts walks again after a week).
          Item: {
            ...keys.userIndexChange(scope, at, randomUUID()),
            ...(removed ? { removed } : {}),
            ...(added ? { added } : {}),
            expiresAt: Math.floor(Date.parse(at) / 1000) + 30 * 86_400,
          },
        },
      },
    ];
  });
}

export class DuplicateUserError extends Error {
  constructor(readonly field: 'email' | 'username') {
    super(`duplicate ${field}`);
    this.name = 'DuplicateUserError';
  }
}

// Get User By Id
export async function getUserById(db: Db, id: string): Promise<UserRecord | null> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.user(id) }));
  return Item ? userRecordSchema.parse(withoutKeys(Item)) : null;
}

// Get User By Email (through the uniqueness item: a strongly consistent read, no index lag)
export async function getUserByEmail(db: Db, email: string): Promise<UserRecord | null> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.uniqueEmail(email), ConsistentRead: true }));
  return Item ? getUserById(db, String(Item.userId)) : null;
}

// Create User, claiming its e-mail and username atomically, with the jobs of the mails its creation causes
export async function createUser(db: Db, user: UserRecord, jobs: JobRecord[] = []): Promise<void> {
  try {
    await db.doc.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: db.table, Item: { ...keys.user(user._id), ...indexKeys(user), ...user }, ConditionExpression: 'attribute_not_exists(pk)' } },
          { Put: { TableName: db.table, Item: { ...keys.uniqueEmail(user.email), userId: user._id }, ConditionExpression: 'attribute_not_exists(pk)' } },
          { Put: { TableName: db.table, Item: { ...keys.uniqueUsername(user.username), userId: user._id }, ConditionExpression: 'attribute_not_exists(pk)' } },
          ...userIndexUpdates(db, null, user),
          // What the new account's creation causes (its mail jobs), committed with it.
          ...jobs.map((job) => putJobItem(db.table, job)),
        ],
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
    throw new DuplicateUserError(reasons[2]?.Code === 'ConditionalCheckFailed' && reasons[1]?.Code !== 'ConditionalCheckFailed' ? 'username' : 'email');
  }
}

export type UserPatch = Partial<Omit<UserRecord, '_id' | 'email' | 'role' | 'createdAt'>>;

// Update User fields (username changes move the uniqueness item in the same transaction)
export async function updateUser(db: Db, current: UserRecord, patch: UserPatch, now: Date): Promise<UserRecord> {
  const next: UserRecord = userRecordSchema.parse({ ...current, ...patch, updatedAt: now.toISOString() });
  const usernameChanged = next.username.toLowerCase() !== current.username.toLowerCase();
  try {
    await db.doc.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: db.table,
              Item: { ...keys.user(next._id), ...indexKeys(next), ...next },
              ConditionExpression: 'updatedAt = :seen',
              ExpressionAttributeValues: { ':seen': current.updatedAt },
            },
          },
          ...(usernameChanged
            ? [
                {
                  Put: {
                    TableName: db.table,
                    Item: { ...keys.uniqueUsername(next.username), userId: next._id },
                    ConditionExpression: 'attribute_not_exists(pk)',
                  },
                },
                { Delete: { TableName: db.table, Key: keys.uniqueUsername(current.username) } },
              ]
            : []),
          ...userIndexUpdates(db, current, next),
        ],
      }),
    );
  } catch (error) {
    if (isConditionFailure(error) && usernameChanged) throw new DuplicateUserError('username');
    throw error;
  }
  return next;
}

/**
 * Set Password (used by reset, where the token item is consumed in the same transaction). The reset
 * link reached the account's mailbox, so it proves the e-mail too (the first proof's date is kept).
 */
export function passwordUpdate(db: Db, userId: string, passwordHash: string, now: Date) {
  return {
    Update: {
      TableName: db.table,
      Key: keys.user(userId),
      UpdateExpression: 'SET passwordHash = :hash, updatedAt = :now, emailVerifiedAt = if_not_exists(emailVerifiedAt, :now)',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':hash': passwordHash, ':now': now.toISOString() },
    },
  };
}

/** Mark E-mail Proven (transaction part; the first proof's date is kept). */
export function emailVerifiedUpdate(db: Db, userId: string, now: Date) {
  return {
    Update: {
      TableName: db.table,
      Key: keys.user(userId),
      UpdateExpression: 'SET emailVerifiedAt = if_not_exists(emailVerifiedAt, :now)',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':now': now.toISOString() },
    },
  };
}

export async function setAvatarKey(db: Db, userId: string, avatarKey: string, now: Date): Promise<void> {
  await db.doc.send(
    new UpdateCommand({
      TableName: db.table,
      Key: keys.user(userId),
      UpdateExpression: 'SET avatarKey = :key, updatedAt = :now',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':key': avatarKey, ':now': now.toISOString() },
    }),
  );
}

// List Users By Role (sorted by last name)
export async function listUsersByRole(db: Db, role: UserRecord['role']): Promise<UserRecord[]> {
  const users: UserRecord[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db.doc.send(
      new QueryCommand({
        TableName: db.table,
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk',
        ExpressionAttributeValues: { ':pk': `ROLE#${role}` },
        ExclusiveStartKey: cursor,
      }),
    );
    users.push(...(page.Items ?? []).map((item) => userRecordSchema.parse(withoutKeys(item))));
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  return users;
}

// Get Users By Ids (batch, unknown ids are skipped)
export async function getUsersByIds(db: Db, ids: string[]): Promise<UserRecord[]> {
  const items = await batchGetItems(
    db,
    [...new Set(ids)].map((id) => keys.user(id)),
  );
  return items.map((item) => userRecordSchema.parse(withoutKeys(item)));
}

/** The account id of each of `emails` that has one (BatchGet of the unique e-mail items, 100 at a time). */
export async function userIdsByEmail(db: Db, emails: string[]): Promise<Map<string, string>> {
  const items = await batchGetItems(
    db,
    emails.map((email) => keys.uniqueEmail(email)),
  );
  return new Map(items.map((item) => [String(item.pk).replace('UNIQUE#EMAIL#', ''), String(item.userId)]));
}

/** Every item of an account's partition (profile, sessions, links, access rights…): its erasure. */
export async function deleteUserPartition(db: Db, userId: string): Promise<void> {
  await deletePartition(db, keys.user(userId).pk);
}
