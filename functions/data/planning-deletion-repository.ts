import { releaseWrites, type RecordedVisit } from './amo-visit-release';
import type { Db, TransactionItem } from './db';
import { keys } from './keys';
import { sealedRequestWrites, type RequestWrite } from './operation-start-writes';

/**
 * The write that hides a planning at once (docs/architecture.md « Deleting a planning »): `deletedAt`
 * set and the version moved on, conditioned on the version the request checked its rules on (a
 * booking or invitation committed since refuses the deletion rather than slipping past the rule)
 * and on no deletion before it. From then on every reader sees the planning as gone
 * (`loadPlanningState`, `getPlanning`, the lists), and a booking or staff change under way fails
 * its version condition. Committed with the operation that removes the rest.
 */
function markPlanningDeletedItem(table: string, planningId: string, version: number, at: string): TransactionItem {
  return {
    Update: {
      TableName: table,
      Key: keys.planning(planningId),
      UpdateExpression: 'SET deletedAt = :at ADD version :one',
      ConditionExpression: 'attribute_exists(pk) AND version = :version AND attribute_not_exists(deletedAt)',
      ExpressionAttributeValues: { ':at': at, ':one': 1, ':version': version },
    },
  };
}

/** The most records of the planning's visits its deletion removes in its one transaction. */
const maxRecordsReleased = 80;

/**
 * What the deletion's request commits with its operation: the planning hidden (`markPlanningDeletedItem`)
 * and its visits' records in the AMOs' calendars removed (amo-visit-release.ts: a deleted
 * planning's records are ignored already; removing them moves the calendars' versions). Beyond a
 * few dozen records (never seen: staff confirm each), they stay, ignored: the deletion's one
 * transaction holds them.
 */
export function planningDeletionWrites(
  db: Db,
  deletion: { planningId: string; version: number; at: string; recorded: readonly RecordedVisit[] },
): RequestWrite[] {
  const released = deletion.recorded.length <= maxRecordsReleased ? deletion.recorded : [];
  return sealedRequestWrites([markPlanningDeletedItem(db.table, deletion.planningId, deletion.version, deletion.at), ...releaseWrites(db.table, released)]);
}
