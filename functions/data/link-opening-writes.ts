import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { conditionHeld, type Db } from './db';
import { keys } from './keys';

/**
 * Record First Link Opening (part 3 §2 funnel): sets the meeting's `openedAt` only if it has none
 * and the meeting still exists, so concurrent first openings keep the earliest write and a later
 * load changes nothing. Answers whether this call recorded it.
 */
export function recordFirstOpening(db: Db, planningId: string, uuid: string, at: string): Promise<boolean> {
  return conditionHeld(
    db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.meeting(planningId, uuid),
        UpdateExpression: 'SET openedAt = :at',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(openedAt)',
        ExpressionAttributeValues: { ':at': at },
      }),
    ),
  );
}
