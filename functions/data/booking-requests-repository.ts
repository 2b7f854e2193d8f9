import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { bookRequestSchema } from '../../shared/domain/planning';
import { type Db, conditionHeld, isConditionFailure } from './db';
import { keys } from './keys';
import {
  getPlanningLock,
  getPlanningLockItem,
  lockExpiresAt,
  lockOf,
  type LockItemChanges,
  type PlanningLock,
  type PlanningLockItem,
} from './planning-lock-repository';

/**
 * The bookings of a planning waiting for its lock, written on the lock's own item
 * (planning-lock-repository.ts): `w_<id>` holds a waiting request. The id starts with the arrival
 * time, so ids sort in arrival order. Whoever holds the lock decides every waiting request and, in
 * the transaction that commits them, releases the lock (or hands it to the oldest request still
 * waiting), removes each decided request from the item and writes its outcome as an item of its
 * own (`BOOKOUTCOME#<id>`): a waiting request watches that item alone, with eventually consistent
 * reads (half a read unit each, on a key nobody else reads), never the planning's partition,
 * which DynamoDB limits to 3,000 read units a second (docs/architecture.md « Booking integrity »).
 * A holder forgets requests older than any request still waits (and outcomes written on the item
 * by the earlier design).
 */
const waitingPrefix = 'w_';
const outcomePrefix = 'o_';
/** An outcome is read within milliseconds of its commit; its item is kept this long (TTL) for a slow reader. */
const outcomeKeptSeconds = 3_600;

const outcomeSchema = z.union([
  z.object({ kind: z.literal('booked') }),
  z.object({ kind: z.literal('refused'), status: z.number().int(), message: z.string() }),
]);
export type StoredBookingOutcome = z.infer<typeof outcomeSchema>;

/** What a waiting request finds on its outcome item: its outcome, or the lock handed to it by the last holder. */
const answerSchema = z.union([outcomeSchema, z.object({ kind: z.literal('turn'), owner: z.string() })]);
export type BookingRequestAnswer = z.infer<typeof answerSchema>;

/** The owner a holder names when it hands the lock to the waiting request `id` (a new one at each hand-over). */
export const handedOwner = (id: string, nonce: string) => `turn:${id}:${nonce}`;

const waitingSchema = z.object({ came: z.number(), request: bookRequestSchema });
export interface BookingRequestItem extends z.infer<typeof waitingSchema> {
  id: string;
}

const waitingName = (id: string) => `${waitingPrefix}${id}`;

/**
 * Enqueue Booking Request (the request waits on the lock's item) and take the lock if nobody
 * holds it, in one write: the request's id and the lock as it is then (this request's `owner`
 * when it was free: the request holds it, until `leaseUntil`). A lease that passed is not taken over
 * here (planning-lock.ts does, by a conditional take). Only on an item that exists unless
 * `create`: null when there is none yet (the planning's first booking, or its first in a day), so
 * that a request is checked (is the meeting the planning's?) before it writes anywhere new.
 */
export async function enqueueBookingRequest(
  db: Db,
  planningId: string,
  arrival: { request: z.infer<typeof bookRequestSchema>; came: number; owner: string; leaseUntil: number },
  options: { create: boolean },
): Promise<{ id: string; lock: PlanningLock | null } | null> {
  const { request, came } = arrival;
  const id = `${String(Math.max(0, Math.floor(came))).padStart(15, '0')}-${randomUUID()}`;
  try {
    const { Attributes } = await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.planningLock(planningId),
        UpdateExpression:
          'SET #waiting = :waiting, expiresAt = :expires, #owner = if_not_exists(#owner, :owner), leaseUntil = if_not_exists(leaseUntil, :until)',
        ...(options.create ? {} : { ConditionExpression: 'attribute_exists(pk)' }),
        ExpressionAttributeNames: { '#waiting': waitingName(id), '#owner': 'owner' },
        ExpressionAttributeValues: { ':waiting': { came, request }, ':expires': lockExpiresAt(came), ':owner': arrival.owner, ':until': arrival.leaseUntil },
        // Only what this write set: the lock's owner and lease (and not every other request's entry).
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return { id, lock: lockOf(Attributes) };
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}

/** The requests waiting on a lock item that came from `cameSince` on, oldest first (an older one gave up long ago). */
export function waitingBookingRequests(item: PlanningLockItem, cameSince: number): BookingRequestItem[] {
  return Object.entries(item)
    .filter(([name]) => name.startsWith(waitingPrefix))
    .map(([name, value]) => ({ id: name.slice(waitingPrefix.length), ...waitingSchema.parse(value) }))
    .filter((waiting) => waiting.came >= cameSince)
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

// List Waiting Booking Requests (consistent: the lock item read again, for the requests that came since)
export async function listWaitingBookingRequests(db: Db, planningId: string, cameSince: number): Promise<BookingRequestItem[]> {
  return waitingBookingRequests(await getPlanningLockItem(db, planningId), cameSince);
}

// Look At Booking Request (a waiting request's look: its own answer, eventually consistent, and the lock when asked, consistent)
export async function lookAtBookingRequest(
  db: Db,
  planningId: string,
  id: string,
  options: { withLock: boolean },
): Promise<{ lock?: PlanningLock | null; answer?: BookingRequestAnswer }> {
  const [answer, lock] = await Promise.all([readAnswer(db, id, false), options.withLock ? getPlanningLock(db, planningId) : undefined]);
  return { lock, answer };
}

async function readAnswer(db: Db, id: string, consistent: boolean): Promise<BookingRequestAnswer | undefined> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.bookingOutcome(id), ConsistentRead: consistent }));
  return Item ? answerSchema.parse(Item.answer) : undefined;
}

// Get Booking Outcome (consistent: once decided)
export async function getBookingOutcome(db: Db, _planningId: string, id: string): Promise<StoredBookingOutcome | undefined> {
  const answer = await readAnswer(db, id, true);
  return answer && answer.kind !== 'turn' ? answer : undefined;
}

// Withdraw Booking Request (a request that gives up: false when a holder decided it first, its outcome written)
export async function withdrawBookingRequest(db: Db, planningId: string, id: string): Promise<boolean> {
  return conditionHeld(
    db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.planningLock(planningId),
        UpdateExpression: 'REMOVE #waiting',
        ConditionExpression: 'attribute_exists(#waiting)',
        ExpressionAttributeNames: { '#waiting': waitingName(id) },
      }),
    ),
  );
}

/** The Puts of decided requests' outcomes (or a handed turn), in the holder's commit transaction. */
export function bookingAnswerItems(table: string, answers: { id: string; answer: BookingRequestAnswer }[], nowMs: number) {
  return answers.map(({ id, answer }) => ({
    Put: { TableName: table, Item: { ...keys.bookingOutcome(id), answer, expiresAt: Math.ceil(nowMs / 1000) + outcomeKeptSeconds } },
  }));
}

/**
 * What the holder's release does to the queue (planning-lock-repository.ts's release item): each
 * decided request leaves it, only if still waiting (one that withdrew fails the commit, and the
 * round is decided again; its outcome is its own item, bookingAnswerItems); requests older than
 * `cameSince` seen on `item` and outcomes the earlier design kept on the item are forgotten. With
 * `handOverTo`, the lock goes to that request (still waiting) instead of being freed.
 */
export function settleBookingRequests(
  decided: { id: string }[],
  item: PlanningLockItem,
  cameSince: number,
  handOverTo?: { id: string; owner: string; leaseUntil: number },
): LockItemChanges {
  const decidedNames = new Set(decided.map(({ id }) => waitingName(id)));
  const stale = ([name, value]: [string, unknown]): boolean => {
    const entry = (value ?? {}) as { came?: unknown };
    if (name.startsWith(outcomePrefix)) return true;
    return name.startsWith(waitingPrefix) && !decidedNames.has(name) && typeof entry.came === 'number' && entry.came < cameSince;
  };
  // A bounded number a round: the update stays small, the next rounds forget the rest.
  const forgotten = Object.entries(item)
    .filter(stale)
    .map(([name]) => name)
    .slice(0, 50);
  return {
    remove: [...decidedNames, ...forgotten.filter((name) => !handOverTo || name !== waitingName(handOverTo.id))],
    present: [...decidedNames, ...(handOverTo ? [waitingName(handOverTo.id)] : [])],
    ...(handOverTo ? { handOver: { owner: handOverTo.owner, leaseUntil: handOverTo.leaseUntil } } : {}),
  };
}
