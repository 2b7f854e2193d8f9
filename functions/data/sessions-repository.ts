import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { type Db, conditionHeld } from './db';
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
  // The simulation's mark first: a crash before the session leaves a mark naming no session.
  if (impersonator)
    await db.doc.send(
      new PutCommand({
        TableName: db.table,
        Item: { ...keys.sessionSimulation(impersonator.userId, impersonator.jti, jti), simulatedUserId: userId, expiresAt: exp },
      }),
    );
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
async function isSessionLive(db: Db, session: SessionRef): Promise<boolean> {
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

/**
 * Ends the simulations started from an administrator's session (its logout, part 3 §4): each
 * simulated session still alive is deleted; the simulated users whose session this call ended are
 * returned (a simulation already ended by its own logout is not, so its end is recorded once).
 */
export async function endSimulationsStartedFrom(db: Db, admin: SessionRef): Promise<string[]> {
  const { Items = [] } = await db.doc.send(
    new QueryCommand({
      TableName: db.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': `USER#${admin.userId}`, ':prefix': `SIMULATION#${admin.jti}#` },
    }),
  );
  const ended = await Promise.all(
    Items.map(async (item) => {
      const simulatedUserId = String(item.simulatedUserId);
      const simulatedJti = String(item.sk).slice(`SIMULATION#${admin.jti}#`.length);
      const deleted = await conditionHeld(
        db.doc.send(
          new DeleteCommand({ TableName: db.table, Key: keys.userSession(simulatedUserId, simulatedJti), ConditionExpression: 'attribute_exists(pk)' }),
        ),
      );
      await db.doc.send(new DeleteCommand({ TableName: db.table, Key: { pk: item.pk, sk: item.sk } }));
      return deleted ? [simulatedUserId] : [];
    }),
  );
  return ended.flat();
}
