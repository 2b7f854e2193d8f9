import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { conditionHeld, type Db } from './db';
import { keys } from './keys';

/**
 * Sends counted against a quota, one item per channel and window (a second, a UTC day, a UTC
 * month), removed by TTL after its window. A send takes its units with one conditional ADD, so
 * senders of every process (Lambda instances, local workers) share one count and never pass it.
 */
// Reserve Send Units: `units` more sends in the window, only while they keep it within `limit`
export function reserveSendUnits(db: Db, channel: string, window: string, units: number, limit: number, expiresAt: number): Promise<boolean> {
  return conditionHeld(
    db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.sendQuota(channel, window),
        UpdateExpression: 'ADD used :units SET expiresAt = if_not_exists(expiresAt, :expiresAt)',
        ConditionExpression: 'attribute_not_exists(used) OR used <= :room',
        ExpressionAttributeValues: { ':units': units, ':room': limit - units, ':expiresAt': expiresAt },
      }),
    ),
  );
}

// Give Back Send Units: units taken for a send that did not leave (it waits for another quota)
export async function giveBackSendUnits(db: Db, channel: string, window: string, units: number): Promise<void> {
  await conditionHeld(
    db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.sendQuota(channel, window),
        UpdateExpression: 'ADD used :minus',
        ConditionExpression: 'used >= :units',
        ExpressionAttributeValues: { ':minus': -units, ':units': units },
      }),
    ),
  );
}
