import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { type Db, withoutKeys } from './db';
import { keys } from './keys';

/** One message sent (or not) to a buyer: the delivery log staff read per planning. */
export const deliverySchema = z.object({
  id: z.string(),
  planningId: z.string(),
  meetingUuid: z.string(),
  kind: z.enum([
    'invitation',
    'confirmation',
    'reminder',
    'relance',
    'rappel',
    'cancellation',
    'gdpr',
    'custom',
    /* part 2 §2.5, §2.7: imposed planning */ 'convocation',
    'force-majeure',
    /* part 1 §2, part 3 §2 */ 'virtual-visit',
    /* earlier-slot waitlist */ 'waitlist',
  ]),
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  /** 'dead': the last attempt of a retried message failed too; staff must act (dead letter). */
  status: z.enum(['queued', 'sent', 'failed', 'dead']),
  reason: z.string().optional(),
  messageId: z.string().optional(),
  at: z.string(),
  /** When the message was queued: the record keeps this key from 'queued' to 'sent' or 'failed'. */
  queuedAt: z.string().optional(),
});
export type Delivery = z.infer<typeof deliverySchema>;

// Record Delivery (a second record of the same id and queuedAt replaces the first: queued → sent or failed)
export async function recordDelivery(db: Db, delivery: Delivery): Promise<void> {
  await db.doc.send(
    new PutCommand({ TableName: db.table, Item: { ...keys.delivery(delivery.planningId, delivery.queuedAt ?? delivery.at, delivery.id), ...delivery } }),
  );
}

// List Deliveries Of Planning (newest first)
export async function listDeliveries(db: Db, planningId: string, limit = 1000): Promise<Delivery[]> {
  const { Items = [] } = await db.doc.send(
    new QueryCommand({
      TableName: db.table,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': `PLANNINGLOG#${planningId}` },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return Items.map((item) => deliverySchema.parse(withoutKeys(item)));
}
