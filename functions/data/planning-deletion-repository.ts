import { keys } from './keys';
import type { StorageWrite } from './unit-of-work';

/**
 * The write that hides a planning at once (docs/architecture.md « Deleting a planning »): `deletedAt`
 * set and the version moved on, conditioned on the version the request checked its rules on (a
 * booking or invitation committed since refuses the deletion rather than slipping past the rule)
 * and on no deletion before it. From then on every reader sees the planning as gone
 * (`loadPlanningState`, `getPlanning`, the lists), and a booking or staff change under way fails
 * its version condition. Committed with the operation that removes the rest.
 */
export function markPlanningDeletedItem(table: string, planningId: string, version: number, at: string): StorageWrite {
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
