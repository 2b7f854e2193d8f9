import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { type Db, conditionHeld, isConditionFailure, withoutKeys } from './db';
import { keys } from './keys';

/** One message sent (or not) to a buyer: the delivery log staff read per planning. */
const deliverySchema = z.object({
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

/** A planning's delivery log counted per status (docs/architecture.md « Bounded answers »): the log's summary without reading it. */
const deliveryCountsSchema = z.object({ queued: z.number(), sent: z.number(), failed: z.number(), dead: z.number() });
export type DeliveryCounts = z.infer<typeof deliveryCountsSchema>;

const noCounts: DeliveryCounts = { queued: 0, sent: 0, failed: 0, dead: 0 };

/** The counter moves of a line going from `before` (a counted line's status, none for a new or uncounted line) to `after`. */
function countMoves(table: string, planningId: string, before: Delivery['status'] | undefined, after: Delivery['status']) {
  if (before === after) return [];
  const moves: [Delivery['status'], number][] = [[after, 1], ...(before ? [[before, -1] as [Delivery['status'], number]] : [])];
  return [
    {
      Update: {
        TableName: table,
        Key: keys.deliveryCounts(planningId),
        UpdateExpression: `ADD ${moves.map((_, index) => `#s${index} :n${index}`).join(', ')}`,
        ExpressionAttributeNames: Object.fromEntries(moves.map(([status], index) => [`#s${index}`, status])),
        ExpressionAttributeValues: Object.fromEntries(moves.map(([, by], index) => [`:n${index}`, by])),
      },
    },
  ];
}

/**
 * What a caller knows of a line before recording it: absent (a job's first record of it), or
 * counted with this status (the record it made just before in the same run).
 */
export type DeliveryLineBefore = 'absent' | Delivery['status'];

/**
 * Record Delivery (a second record of the same id and queuedAt replaces the first: queued → sent or
 * failed). The line and the log's counts move in one transaction, conditioned on the line as read
 * (a concurrent record of the same line reads again), so the counts are always the log's. A line
 * carries `counted` once it is in the counts; lines from before the counts are counted by
 * `countUncountedDeliveries`, or here when they are replaced. With `assumed`, the first try is
 * conditioned on it without reading the line (two calls a message's channel fewer); a line that is
 * not as assumed (a job's new run finds its line queued) is then read as without it.
 */
export async function recordDelivery(db: Db, delivery: Delivery, assumed?: DeliveryLineBefore): Promise<void> {
  const key = keys.delivery(delivery.planningId, delivery.queuedAt ?? delivery.at, delivery.id);
  let before: { status: Delivery['status']; counted: boolean } | null | undefined =
    assumed === undefined ? undefined : assumed === 'absent' ? null : { status: assumed, counted: true };
  for (let attempt = 0; ; attempt += 1) {
    if (before === undefined) {
      const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: key, ConsistentRead: true }));
      before = Item ? { status: Item.status as Delivery['status'], counted: Item.counted === true } : null;
    }
    const counted = before?.counted ? before.status : undefined;
    const condition = before
      ? {
          ConditionExpression: `#status = :before AND ${counted ? 'attribute_exists' : 'attribute_not_exists'}(counted)`,
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':before': before.status },
        }
      : { ConditionExpression: 'attribute_not_exists(pk)' };
    try {
      await db.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: db.table, Item: { ...key, ...delivery, counted: true }, ...condition } },
            ...countMoves(db.table, delivery.planningId, counted, delivery.status),
          ],
        }),
      );
      return;
    } catch (error) {
      if (!isConditionFailure(error) || attempt >= 5) throw error;
      before = undefined;
    }
  }
}

// Get Delivery Counts Of Planning (zeros for a log never written)
export async function getDeliveryCounts(db: Db, planningId: string): Promise<DeliveryCounts> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.deliveryCounts(planningId), ConsistentRead: true }));
  return Item ? deliveryCountsSchema.parse({ ...noCounts, ...withoutKeys(Item) }) : noCounts;
}

/**
 * Lines written before the counts (the migration's page of them): each is counted once, marked
 * `counted` in the same transaction; one meanwhile replaced (and so counted) is left. Answers how
 * many it counted.
 */
export async function countUncountedDeliveries(db: Db, items: Record<string, unknown>[]): Promise<number> {
  let counted = 0;
  for (const item of items) {
    const line = deliverySchema.parse(withoutKeys(item));
    const write = db.doc.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: db.table,
              Key: { pk: item.pk, sk: item.sk },
              UpdateExpression: 'SET counted = :yes',
              ConditionExpression: '#status = :status AND attribute_not_exists(counted)',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: { ':yes': true, ':status': line.status },
            },
          },
          ...countMoves(db.table, line.planningId, undefined, line.status),
        ],
      }),
    );
    if (await conditionHeld(write)) counted += 1;
  }
  return counted;
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
        // The lines only, not the log's counts item ('COUNTS').
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :line)',
        ExpressionAttributeValues: { ':pk': pk, ':line': 'DELIVERY#', ...statusValues },
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
