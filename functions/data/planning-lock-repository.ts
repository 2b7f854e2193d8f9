import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { type Db, type ItemKey, batchGetItems, conditionHeld, isConditionFailure } from './db';
import { keys } from './keys';

/**
 * The booking lock of a planning: one item `PLANNING#<id>` / `LOCK` naming its holder and the
 * epoch ms until which it holds the lease. Whoever holds it may read the planning, check with the
 * engine and commit; a holder that died stops blocking once its lease has passed. TTL removes a
 * forgotten item a day later (it is harmless meanwhile: an expired lease is taken over).
 */
const ttlAfterLeaseSeconds = 86_400;

// Acquire Planning Lock (absent, or its lease has passed)
export async function acquirePlanningLock(db: Db, planningId: string, owner: string, nowMs: number, leaseMs: number): Promise<boolean> {
  const leaseUntil = nowMs + leaseMs;
  return conditionHeld(
    db.doc.send(
      new PutCommand({
        TableName: db.table,
        Item: { ...keys.planningLock(planningId), owner, leaseUntil, expiresAt: Math.ceil(leaseUntil / 1000) + ttlAfterLeaseSeconds },
        ConditionExpression: 'attribute_not_exists(pk) OR leaseUntil < :now',
        ExpressionAttributeValues: { ':now': nowMs },
      }),
    ),
  );
}

const planningLockSchema = z.object({ owner: z.string(), leaseUntil: z.number() });
export type PlanningLock = z.infer<typeof planningLockSchema>;

// Get Planning Lock (consistent: who holds it, until when)
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
  return Item ? planningLockSchema.parse(Item) : null;
}

/**
 * Get Planning Lock With another item, both read consistently in ONE call (a BatchGet): a waiting
 * booking watches the lock and its own request item every few milliseconds, half the calls of two
 * reads on the database every holder is waiting for.
 */
export async function getPlanningLockWith(
  db: Db,
  planningId: string,
  other: ItemKey,
): Promise<{ lock: PlanningLock | null; other: Record<string, unknown> | null }> {
  const lockKey = keys.planningLock(planningId);
  const items = await batchGetItems(db, [lockKey, other], { consistent: true });
  const lock = items.find((item) => item.pk === lockKey.pk && item.sk === lockKey.sk);
  return {
    lock: lock ? planningLockSchema.parse({ owner: lock.owner, leaseUntil: lock.leaseUntil }) : null,
    other: items.find((item) => item.pk === other.pk && item.sk === other.sk) ?? null,
  };
}

/** Condition that only the holder `owner` releases the lock (OWNER is a reserved word). */
const heldBy = (owner: string) => ({
  ConditionExpression: '#owner = :owner',
  ExpressionAttributeNames: { '#owner': 'owner' },
  ExpressionAttributeValues: { ':owner': owner },
});

/**
 * The release as an item of the holder's own transaction: the lock goes with the commit, one
 * round trip less while every other booking of the planning waits. The transaction fails if the
 * lease was lost to another holder meanwhile.
 */
export function planningLockReleaseItem(table: string, planningId: string, owner: string) {
  return { Delete: { TableName: table, Key: keys.planningLock(planningId), ...heldBy(owner) } };
}

// Release Planning Lock (by its holder only; already released or taken over: nothing to do)
export async function releasePlanningLock(db: Db, planningId: string, owner: string): Promise<void> {
  try {
    await db.doc.send(new DeleteCommand({ TableName: db.table, Key: keys.planningLock(planningId), ...heldBy(owner) }));
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}
