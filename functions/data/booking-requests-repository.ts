import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { bookRequestSchema } from '../../shared/domain/planning';
import { type Db, isConditionFailure } from './db';
import { getPlanningLockWith, type PlanningLock } from './planning-lock-repository';

/**
 * The bookings of a planning waiting for its lock: one item per request
 * (`PLANNINGBOOKINGS#<id>` / `REQUEST#<came>#<nonce>`, in arrival order), written before the
 * request waits. Whoever holds the lock decides every waiting request in one transaction and
 * writes each one's outcome on its item; the request's own process reads it there. A day after, TTL
 * removes an item its request did not delete.
 */
const ttlSeconds = 86_400;

const outcomeSchema = z.union([
  z.object({ kind: z.literal('booked') }),
  z.object({ kind: z.literal('refused'), status: z.number().int(), message: z.string() }),
]);
export type StoredBookingOutcome = z.infer<typeof outcomeSchema>;

const requestItemSchema = z.object({ sk: z.string(), came: z.number(), request: bookRequestSchema, outcome: outcomeSchema.optional() });
export type BookingRequestItem = z.infer<typeof requestItemSchema>;

const partition = (planningId: string) => `PLANNINGBOOKINGS#${planningId}`;

// Put Booking Request (the request waits on its item)
export async function putBookingRequest(db: Db, planningId: string, request: z.infer<typeof bookRequestSchema>, came: number): Promise<BookingRequestItem> {
  const sk = `REQUEST#${String(came).padStart(15, '0')}#${randomUUID()}`;
  await db.doc.send(
    new PutCommand({ TableName: db.table, Item: { pk: partition(planningId), sk, came, request, expiresAt: Math.ceil(came / 1000) + ttlSeconds } }),
  );
  return { sk, came, request };
}

// List Waiting Booking Requests (consistent, oldest first, at most `limit` without an outcome)
export async function listWaitingBookingRequests(db: Db, planningId: string, limit: number): Promise<BookingRequestItem[]> {
  const waiting: BookingRequestItem[] = [];
  let cursor: Record<string, unknown> | undefined;
  // No Limit on the Query: DynamoDB applies it before the filter, so decided requests not yet
  // deleted by their waiters would hide the waiting ones behind them.
  do {
    const page = await db.doc.send(
      new QueryCommand({
        TableName: db.table,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :request)',
        FilterExpression: 'attribute_not_exists(outcome)',
        ExpressionAttributeValues: { ':pk': partition(planningId), ':request': 'REQUEST#' },
        ConsistentRead: true,
        ExclusiveStartKey: cursor,
      }),
    );
    waiting.push(...(page.Items ?? []).map((item) => requestItemSchema.parse(item)));
    cursor = page.LastEvaluatedKey;
  } while (cursor && waiting.length < limit);
  return waiting.slice(0, limit);
}

// Get Booking Request (consistent: its outcome, once decided)
export async function getBookingRequest(db: Db, planningId: string, sk: string): Promise<BookingRequestItem | null> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: { pk: partition(planningId), sk }, ConsistentRead: true }));
  return Item ? requestItemSchema.parse(Item) : null;
}

// Get Booking Request With Lock (a waiting request's look: the planning's lock and its own item, one consistent read)
export async function getBookingRequestWithLock(
  db: Db,
  planningId: string,
  sk: string,
): Promise<{ lock: PlanningLock | null; request: BookingRequestItem | null }> {
  const { lock, other } = await getPlanningLockWith(db, planningId, { pk: partition(planningId), sk });
  return { lock, request: other ? requestItemSchema.parse(other) : null };
}

/** The outcome as an item of the deciding transaction: only on a request still waiting (not withdrawn, not decided). */
export function bookingOutcomeItem(table: string, planningId: string, sk: string, outcome: StoredBookingOutcome) {
  return {
    Update: {
      TableName: table,
      Key: { pk: partition(planningId), sk },
      UpdateExpression: 'SET outcome = :outcome',
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(outcome)',
      ExpressionAttributeValues: { ':outcome': outcome },
    },
  };
}

// Withdraw Booking Request (a request that gives up: false when an outcome was written first)
export async function withdrawBookingRequest(db: Db, planningId: string, sk: string): Promise<boolean> {
  try {
    await db.doc.send(new DeleteCommand({ TableName: db.table, Key: { pk: partition(planningId), sk }, ConditionExpression: 'attribute_not_exists(outcome)' }));
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

// Delete Booking Request (its outcome read)
export async function deleteBookingRequest(db: Db, planningId: string, sk: string): Promise<void> {
  await db.doc.send(new DeleteCommand({ TableName: db.table, Key: { pk: partition(planningId), sk } }));
}
