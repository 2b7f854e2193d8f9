import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { type Db, deleteKeys, isConditionFailure, withoutKeys } from './db';
import { keys } from './keys';

/** What the local mail and SMS stand-ins "send": kept in the table, read on the dev outbox page. */
export const outboxMessageSchema = z.object({
  id: z.string(),
  channel: z.enum(['email', 'sms']),
  to: z.array(z.string()),
  cc: z.array(z.string()).optional(),
  subject: z.string().optional(),
  text: z.string(),
  html: z.string().optional(),
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), fileKey: z.string() })).default([]),
  createdAt: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

/**
 * Add Outbox Message. With an idempotency key, the message and a marker of its key are written in
 * one transaction, the marker only if absent: a second send of the same key stores nothing and
 * returns the first message's id (exactly once, locally). Returns the stored message's id.
 */
export async function addOutboxMessage(db: Db, message: OutboxMessage, idempotencyKey?: string): Promise<string> {
  const item = { ...keys.outbox(message.createdAt, message.id), ...message };
  if (!idempotencyKey) {
    await db.doc.send(new PutCommand({ TableName: db.table, Item: item }));
    return message.id;
  }
  const marker = keys.outboxKey(idempotencyKey);
  try {
    await db.doc.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: db.table, Item: { ...marker, messageId: message.id }, ConditionExpression: 'attribute_not_exists(pk)' } },
          { Put: { TableName: db.table, Item: item } },
        ],
      }),
    );
    return message.id;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: marker, ConsistentRead: true }));
    if (!Item) throw error;
    return String(Item.messageId);
  }
}

// List Outbox Messages, newest first
export async function listOutboxMessages(db: Db, limit = 500): Promise<OutboxMessage[]> {
  const { Items = [] } = await db.doc.send(
    new QueryCommand({
      TableName: db.table,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': 'OUTBOX' },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return Items.map((item) => outboxMessageSchema.parse(withoutKeys(item)));
}

// Clear Outbox
export async function clearOutbox(db: Db): Promise<void> {
  for (;;) {
    const { Items = [] } = await db.doc.send(
      new QueryCommand({
        TableName: db.table,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': 'OUTBOX' },
        ProjectionExpression: 'pk, sk',
        Limit: 25,
      }),
    );
    if (Items.length === 0) return;
    await deleteKeys(db, Items);
  }
}
