import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './db';
import { keys } from './keys';

/**
 * Fixed-window counters: one item per scope, subject and window, incremented atomically and
 * removed by TTL after the window.
 */
// Count Attempt In Window (delta -1 gives back an attempt that must not count)
export async function countAttempt(db: Db, scope: string, subject: string, windowSeconds: number, now: Date, delta = 1): Promise<number> {
  const window = Math.floor(now.getTime() / 1000 / windowSeconds);
  const { Attributes } = await db.doc.send(
    new UpdateCommand({
      TableName: db.table,
      Key: keys.rateWindow(scope, subject, window),
      UpdateExpression: 'ADD attempts :delta SET expiresAt = if_not_exists(expiresAt, :exp)',
      ExpressionAttributeValues: { ':delta': delta, ':exp': (window + 2) * windowSeconds },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(Attributes?.attempts ?? delta);
}
