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
  return (await listDeliveryPage(db, planningId, { limit })).deliveries;
}

/** Which lines a page of the log keeps: every one, the failed ones (a failed attempt or a message given up), or those still queued. */
export type DeliveryStatusFilter = 'failed' | 'queued';

const statusesOf: Record<DeliveryStatusFilter, Delivery['status'][]> = { failed: ['failed', 'dead'], queued: ['queued'] };

/**
 * List Delivery Page: at most `limit` lines newest first, after the sort key `after` (the last line
 * of the previous page), and `next`, the sort key to go on from (null at the end of the log). With
 * a status, the log is filtered as it is read and a page reads at most `readLimit` lines, so a
 * filter matching little may answer a short (even empty) page with a `next`.
 */
export async function listDeliveryPage(
  db: Db,
  planningId: string,
  options: { after?: string; limit: number; status?: DeliveryStatusFilter; readLimit?: number },
): Promise<{ deliveries: Delivery[]; next: string | null }> {
  const pk = keys.delivery(planningId, '', '').pk;
  const statuses = options.status ? statusesOf[options.status] : [];
  const filter =
    statuses.length > 0
      ? {
          FilterExpression: `#status IN (${statuses.map((_, index) => `:s${index}`).join(', ')})`,
          ExpressionAttributeNames: { '#status': 'status' },
        }
      : {};
  const statusValues = Object.fromEntries(statuses.map((status, index) => [`:s${index}`, status]));
  let budget = options.status ? (options.readLimit ?? 2_000) : options.limit;
  const found: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined = options.after ? { pk, sk: options.after } : undefined;
  while (found.length < options.limit && budget > 0) {
    const page = await db.doc.send(
      new QueryCommand({
        TableName: db.table,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': pk, ...statusValues },
        ...filter,
        ScanIndexForward: false,
        Limit: options.status ? budget : options.limit - found.length,
        ExclusiveStartKey: start,
      }),
    );
    budget -= page.ScannedCount ?? 0;
    found.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
    if (!start) break;
  }
  const deliveries = found.slice(0, options.limit);
  // Cut inside what was read: go on after the last line answered; else after the last line read.
  const next = found.length > options.limit ? String(deliveries[deliveries.length - 1].sk) : start ? String(start.sk) : null;
  return { deliveries: deliveries.map((item) => deliverySchema.parse(withoutKeys(item))), next };
}
