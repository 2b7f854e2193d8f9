import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './db';
import { keys } from './keys';

/**
 * Fixed-window counters: one item per scope, subject and window, incremented atomically and
 * removed by TTL after the window.
 */
// Count Attempt In Window
export async function countAttempt(db: Db, scope: string, subject: string, windowSeconds: number, now: Date): Promise<number> {
  const window = Math.floor(now.getTime() / 1000 / windowSeconds);
  const { Attributes } = await db.doc.send(
    new UpdateCommand({
      TableName: db.table,
      Key: keys.rateWindow(scope, subject, window),
      UpdateExpression: 'ADD attempts :one SET expiresAt = if_not_exists(expiresAt, :exp)',
      ExpressionAttributeValues: { ':one': 1, ':exp': (window + 2) * windowSeconds },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(Attributes?.attempts ?? 1);
}
