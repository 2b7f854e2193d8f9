import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type Db, type TransactionItem, conditionHeld } from './db';
import { keys } from './keys';

/**
 * The booking lock of a planning: one item `PLANNING#<id>` / `LOCK`. While held, `owner` names its
 * holder and `leaseUntil` the epoch ms until which it holds the lease; whoever holds it may read
 * the planning, check with the engine and commit; a holder that died stops blocking once its lease
 * has passed. The bookings waiting for it are written on the same item, beside the lock
 * (booking-requests-repository.ts): a waiter's arrival and its holder's commit touch this item; a
 * waiter then watches its own answer item, and this one only now and then (a dead holder's lease). TTL
 * removes the item a day after it was last taken or joined.
 */
const ttlSeconds = 86_400;

export interface PlanningLock {
  owner: string;
  leaseUntil: number;
}

/** The lock item as stored: the lock's attributes and the waiting requests' beside them. */
export type PlanningLockItem = Record<string, unknown>;

/** The lock an item holds, or null when it is free (no holder). */
export function lockOf(item: PlanningLockItem | undefined | null): PlanningLock | null {
  return item && typeof item.owner === 'string' && typeof item.leaseUntil === 'number' ? { owner: item.owner, leaseUntil: item.leaseUntil } : null;
}

export const lockExpiresAt = (nowMs: number) => Math.ceil(nowMs / 1000) + ttlSeconds;

// Acquire Planning Lock (free, or its lease has passed): false when held
export async function acquirePlanningLock(db: Db, planningId: string, owner: string, nowMs: number, leaseMs: number): Promise<boolean> {
  return conditionHeld(
    db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.planningLock(planningId),
        UpdateExpression: 'SET #owner = :owner, leaseUntil = :until, expiresAt = :expires',
        ConditionExpression: 'attribute_not_exists(#owner) OR leaseUntil < :now',
        ExpressionAttributeNames: { '#owner': 'owner' },
        ExpressionAttributeValues: { ':owner': owner, ':until': nowMs + leaseMs, ':expires': lockExpiresAt(nowMs), ':now': nowMs },
      }),
    ),
  );
}

// Get Planning Lock (consistent: who holds it, until when; null when free)
export async function getPlanningLock(db: Db, planningId: string): Promise<PlanningLock | null> {
  const { Item } = await db.doc.send(
    new GetCommand({
      TableName: db.table,
      Key: keys.planningLock(planningId),
      ConsistentRead: true,
      ProjectionExpression: '#owner, leaseUntil',
      ExpressionAttributeNames: { '#owner': 'owner' },
    }),
  );
  return lockOf(Item);
}

/** Get Planning Lock Item (consistent, whole: the lock and every request on it). */
export async function getPlanningLockItem(db: Db, planningId: string): Promise<PlanningLockItem> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.planningLock(planningId), ConsistentRead: true }));
  return Item ?? {};
}

/** What a holder's release also does to the item's other attributes (the waiting requests' outcomes). */
export interface LockItemChanges {
  set?: Record<string, unknown>;
  remove?: string[];
  /** Attributes that must still be there (requests still waiting), or the release fails. */
  present?: string[];
  /** The lock goes to this owner (a waiting request) with a new lease, instead of being freed. */
  handOver?: PlanningLock;
}

/** A holder's release of the planning's lock, made by the commit that ends its turn, with `changes` to the lock's item. */
export interface LockRelease {
  planningId: string;
  owner: string;
  changes?: LockItemChanges;
}

/**
 * The release as an item of the holder's own transaction, with `changes` to the item: the lock goes
 * with the commit (freed, or handed to the next waiting request), one round trip less while every
 * other booking of the planning waits. The transaction fails on it if the lease was lost meanwhile
 * or a request named in `present` withdrew.
 */
export function planningLockReleaseItem(table: string, { planningId, owner, changes = {} }: LockRelease): TransactionItem {
  const names: Record<string, string> = { '#owner': 'owner' };
  const values: Record<string, unknown> = { ':owner': owner };
  const name = (attribute: string) => {
    const placeholder = `#a${Object.keys(names).length}`;
    names[placeholder] = attribute;
    return placeholder;
  };
  const sets = Object.entries(changes.set ?? {}).map(([attribute, value], index) => {
    values[`:v${index}`] = value;
    return `${name(attribute)} = :v${index}`;
  });
  if (changes.handOver) {
    values[':next'] = changes.handOver.owner;
    values[':lease'] = changes.handOver.leaseUntil;
  }
  const handOver = changes.handOver ? ['#owner = :next', 'leaseUntil = :lease'] : [];
  const removes = [...(changes.handOver ? [] : ['#owner', 'leaseUntil']), ...(changes.remove ?? []).map(name)];
  const present = (changes.present ?? []).map((attribute) => ` AND attribute_exists(${name(attribute)})`).join('');
  return {
    Update: {
      TableName: table,
      Key: keys.planningLock(planningId),
      UpdateExpression: [
        removes.length > 0 ? `REMOVE ${removes.join(', ')}` : '',
        [...handOver, ...sets].length > 0 ? `SET ${[...handOver, ...sets].join(', ')}` : '',
      ]
        .filter(Boolean)
        .join(' '),
      ConditionExpression: `#owner = :owner${present}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

// Release Planning Lock (by its holder only; already released or taken over: nothing to do)
export async function releasePlanningLock(db: Db, planningId: string, owner: string): Promise<void> {
  await conditionHeld(
    db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.planningLock(planningId),
        UpdateExpression: 'REMOVE #owner, leaseUntil',
        ConditionExpression: '#owner = :owner',
        ExpressionAttributeNames: { '#owner': 'owner' },
        ExpressionAttributeValues: { ':owner': owner },
      }),
    ),
  );
}
