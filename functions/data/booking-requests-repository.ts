import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { bookRequestSchema } from '../../shared/domain/planning';
import { type Db, conditionHeld, isConditionFailure } from './db';
import { keys } from './keys';
import {
  getPlanningLockItem,
  getPlanningLockWith,
  lockExpiresAt,
  lockOf,
  type LockItemChanges,
  type PlanningLock,
  type PlanningLockItem,
} from './planning-lock-repository';

/**
 * The bookings of a planning waiting for its lock, written on the lock's own item
 * (planning-lock-repository.ts): `w_<id>` holds a waiting request, `o_<id>` its outcome once a
 * holder decided it. The id starts with the arrival time, so ids sort in arrival order. Whoever
 * holds the lock decides every waiting request and, in the transaction that commits them, releases
 * the lock and moves each request from waiting to its outcome in one update of the item; the
 * request's own process reads its outcome there, with the lock, in one call. A holder forgets
 * outcomes a minute old and requests older than any request still waits.
 */
const waitingPrefix = 'w_';
const outcomePrefix = 'o_';
/** An outcome is read within milliseconds of its commit; kept this long for a slow reader. */
const outcomeKeptMs = 60_000;

const outcomeSchema = z.union([
  z.object({ kind: z.literal('booked') }),
  z.object({ kind: z.literal('refused'), status: z.number().int(), message: z.string() }),
]);
export type StoredBookingOutcome = z.infer<typeof outcomeSchema>;

const waitingSchema = z.object({ came: z.number(), request: bookRequestSchema });
export interface BookingRequestItem extends z.infer<typeof waitingSchema> {
  id: string;
}

const waitingName = (id: string) => `${waitingPrefix}${id}`;
const outcomeName = (id: string) => `${outcomePrefix}${id}`;

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

// Look At Booking Request (a waiting request's look: the lock and its own outcome, one consistent read)
export async function lookAtBookingRequest(db: Db, planningId: string, id: string): Promise<{ lock: PlanningLock | null; outcome?: StoredBookingOutcome }> {
  const { lock, value } = await getPlanningLockWith(db, planningId, outcomeName(id));
  return { lock, outcome: value === undefined ? undefined : outcomeSchema.parse(value) };
}

// Get Booking Outcome (consistent: once decided)
export async function getBookingOutcome(db: Db, planningId: string, id: string): Promise<StoredBookingOutcome | undefined> {
  return (await lookAtBookingRequest(db, planningId, id)).outcome;
}

// Withdraw Booking Request (a request that gives up: false when an outcome was written first)
export async function withdrawBookingRequest(db: Db, planningId: string, id: string): Promise<boolean> {
  return conditionHeld(
    db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.planningLock(planningId),
        UpdateExpression: 'REMOVE #waiting',
        ConditionExpression: 'attribute_not_exists(#outcome)',
        ExpressionAttributeNames: { '#waiting': waitingName(id), '#outcome': outcomeName(id) },
      }),
    ),
  );
}

/**
 * What the holder's release does to the queue (planning-lock-repository.ts's release item): each
 * decided request moves from waiting to its outcome, only if still waiting (one that withdrew fails
 * the commit, and the round is decided again); outcomes older than a minute and requests older than
 * `cameSince` seen on `item` are forgotten.
 */
export function settleBookingRequests(
  decided: { id: string; outcome: StoredBookingOutcome }[],
  item: PlanningLockItem,
  cameSince: number,
  nowMs: number,
): LockItemChanges {
  const decidedNames = new Set(decided.map(({ id }) => waitingName(id)));
  const stale = ([name, value]: [string, unknown]): boolean => {
    const entry = (value ?? {}) as { at?: unknown; came?: unknown };
    if (name.startsWith(outcomePrefix)) return !(typeof entry.at === 'number' && entry.at >= nowMs - outcomeKeptMs);
    return name.startsWith(waitingPrefix) && !decidedNames.has(name) && typeof entry.came === 'number' && entry.came < cameSince;
  };
  // A bounded number a round: the update stays small, the next rounds forget the rest.
  const forgotten = Object.entries(item)
    .filter(stale)
    .map(([name]) => name)
    .slice(0, 50);
  return {
    set: Object.fromEntries(decided.map(({ id, outcome }) => [outcomeName(id), { ...outcome, at: nowMs }])),
    remove: [...decidedNames, ...forgotten],
    present: [...decidedNames],
  };
}
