import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './db';
import { keys } from './keys';

/**
 * A session item exists for every live token; logout deletes it, so a signed token stops working
 * before its expiry. TTL removes the items of tokens that simply expired. A simulated session is
 * stored under the simulated user (so ending that user's sessions ends it) and names the
 * administrator's session it was started from (so ending that one ends it too).
 */
export interface SessionRef {
  userId: string;
  jti: string;
}

// Create Session
export async function createSession(db: Db, userId: string, jti: string, exp: number, impersonator?: SessionRef): Promise<void> {
  await db.doc.send(
    new PutCommand({
      TableName: db.table,
      Item: {
        ...keys.userSession(userId, jti),
        expiresAt: exp,
        ...(impersonator ? { impersonatorId: impersonator.userId, impersonatorSessionId: impersonator.jti } : {}),
      },
    }),
  );
}

// Is Session Live
export async function isSessionLive(db: Db, session: SessionRef): Promise<boolean> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.userSession(session.userId, session.jti), ConsistentRead: true }));
  return !!Item;
}

// Are Sessions Live (a simulated session and its administrator's: read side by side)
export async function areSessionsLive(db: Db, sessions: SessionRef[]): Promise<boolean> {
  return (await Promise.all(sessions.map((session) => isSessionLive(db, session)))).every(Boolean);
}

// Revoke Session (logout)
export async function revokeSession(db: Db, userId: string, jti: string): Promise<void> {
  await db.doc.send(new DeleteCommand({ TableName: db.table, Key: keys.userSession(userId, jti) }));
}

// Revoke All Sessions Of User (password reset, password change but the current one, role change, deletion)
export async function revokeAllSessions(db: Db, userId: string, keep?: { jti: string }): Promise<void> {
  const { Items = [] } = await db.doc.send(
    new QueryCommand({
      TableName: db.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':prefix': 'SESSION#' },
      ProjectionExpression: 'pk, sk',
    }),
  );
  const ended = keep ? Items.filter((item) => item.sk !== keys.userSession(userId, keep.jti).sk) : Items;
  await Promise.all(ended.map((item) => db.doc.send(new DeleteCommand({ TableName: db.table, Key: { pk: item.pk, sk: item.sk } }))));
}
