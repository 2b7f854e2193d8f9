import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './db';
import { keys } from './keys';

/**
 * A session item exists for every live token; logout deletes it, so a signed token stops working
 * before its expiry. TTL removes the items of tokens that simply expired.
 */
// Create Session
export async function createSession(db: Db, userId: string, jti: string, exp: number, impersonatorId?: string): Promise<void> {
  await db.doc.send(
    new PutCommand({ TableName: db.table, Item: { ...keys.userSession(userId, jti), expiresAt: exp, ...(impersonatorId ? { impersonatorId } : {}) } }),
  );
}

// Is Session Live
export async function isSessionLive(db: Db, userId: string, jti: string): Promise<boolean> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.userSession(userId, jti), ConsistentRead: true }));
  return !!Item;
}

// Revoke Session (logout)
export async function revokeSession(db: Db, userId: string, jti: string): Promise<void> {
  await db.doc.send(new DeleteCommand({ TableName: db.table, Key: keys.userSession(userId, jti) }));
}

// Revoke All Sessions Of User (password reset)
export async function revokeAllSessions(db: Db, userId: string): Promise<void> {
  const { Items = [] } = await db.doc.send(
    new QueryCommand({
      TableName: db.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':prefix': 'SESSION#' },
      ProjectionExpression: 'pk, sk',
    }),
  );
  await Promise.all(Items.map((item) => db.doc.send(new DeleteCommand({ TableName: db.table, Key: { pk: item.pk, sk: item.sk } }))));
}
