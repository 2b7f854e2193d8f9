import type { TransactionItem } from './db';

/**
 * The planning's change index: every write of a meeting stamps it with the instant of the write
 * (gsi1 `PLANNINGCHANGES#<planningId>` / `<ISO instant>`, in the same update as the change), and a
 * removed meeting leaves a tombstone stamped the same way, so the staff screens read what changed
 * since their last look with one Query of the index instead of the whole partition (part 2 §2.6:
 * staff follow the bookings as they come).
 */
export const changesPartition = (planningId: string) => `PLANNINGCHANGES#${planningId}`;

/** The index attributes of a meeting changed at `at`, for a Put of the whole item. */
export function changeIndexFields(planningId: string, at: string) {
  return { gsi1pk: changesPartition(planningId), gsi1sk: at };
}

/** The SET clause and its values that stamp a meeting Update (placeholders `:chgPk`, `:chgAt`). */
export function changeIndexSet(planningId: string, at: string) {
  return { clause: 'gsi1pk = :chgPk, gsi1sk = :chgAt', values: { ':chgPk': changesPartition(planningId), ':chgAt': at } };
}

/** Tombstones outlive any screen left open (a day), then DynamoDB's TTL removes them. */
const tombstoneSeconds = 86_400;

/** A removed meeting's tombstone, written in the removal's transaction. */
export function meetingRemovalItem(table: string, planningId: string, uuid: string, at: string): TransactionItem {
  return {
    Put: {
      TableName: table,
      Item: {
        pk: `PLANNING#${planningId}`,
        sk: `REMOVED#${uuid}`,
        ...changeIndexFields(planningId, at),
        removedUuid: uuid,
        expiresAt: Math.floor(Date.parse(at) / 1000) + tombstoneSeconds,
      },
    },
  };
}
