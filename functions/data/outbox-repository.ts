import { BatchWriteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { type Db, withoutKeys } from './db';
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

// Add Outbox Message
export async function addOutboxMessage(db: Db, message: OutboxMessage): Promise<void> {
  await db.doc.send(new PutCommand({ TableName: db.table, Item: { ...keys.outbox(message.createdAt, message.id), ...message } }));
}

// List Outbox Messages, newest first
export async function listOutboxMessages(db: Db, limit = 500): Promise<OutboxMessage[]> {
  const { Items = [] } = await db.doc.send(
    new QueryCommand({ TableName: db.table, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': 'OUTBOX' }, ScanIndexForward: false, Limit: limit }),
  );
  return Items.map((item) => outboxMessageSchema.parse(withoutKeys(item)));
}

// Clear Outbox
export async function clearOutbox(db: Db): Promise<void> {
  for (;;) {
    const { Items = [] } = await db.doc.send(
      new QueryCommand({ TableName: db.table, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': 'OUTBOX' }, ProjectionExpression: 'pk, sk', Limit: 25 }),
    );
    if (Items.length === 0) return;
    await db.doc.send(new BatchWriteCommand({ RequestItems: { [db.table]: Items.map((Key) => ({ DeleteRequest: { Key } })) } }));
  }
}
