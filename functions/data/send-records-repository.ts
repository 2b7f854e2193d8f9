import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { type Db, conditionHeld } from './db';
import { keys } from './keys';

/**
 * One record per message and recipient (`SEND#<messageKey>` / `<channel>#<recipient>`): a retried
 * job finds the messages it already sent and skips them. Kept 90 days (TTL), longer than any retry.
 */
const keepSeconds = 90 * 86_400;

// Begin Send: false when this message already went to this recipient
export async function beginSend(db: Db, messageKey: string, channel: string, recipient: string, now: Date): Promise<boolean> {
  return conditionHeld(
    db.doc.send(
      new PutCommand({
        TableName: db.table,
        Item: {
          ...keys.sendRecord(messageKey, channel, recipient),
          status: 'sending',
          at: now.toISOString(),
          expiresAt: Math.floor(now.getTime() / 1000) + keepSeconds,
        },
        ConditionExpression: 'attribute_not_exists(pk) OR #status <> :sent',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':sent': 'sent' },
      }),
    ),
  );
}

// Mark Sent
export async function markSent(db: Db, messageKey: string, channel: string, recipient: string, messageId: string, now: Date): Promise<void> {
  await db.doc.send(
    new PutCommand({
      TableName: db.table,
      Item: {
        ...keys.sendRecord(messageKey, channel, recipient),
        status: 'sent',
        messageId,
        at: now.toISOString(),
        expiresAt: Math.floor(now.getTime() / 1000) + keepSeconds,
      },
    }),
  );
}

/** What an earlier attempt recorded of a message it sent: its id and when (for the delivery log). */
export interface SentRecord {
  messageId: string;
  at: string;
}

// Get Sent Record (null unless the message went to this recipient)
export async function getSentRecord(db: Db, messageKey: string, channel: string, recipient: string): Promise<SentRecord | null> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.sendRecord(messageKey, channel, recipient), ConsistentRead: true }));
  return Item?.status === 'sent' ? { messageId: String(Item.messageId ?? ''), at: String(Item.at) } : null;
}
