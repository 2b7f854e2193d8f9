import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './db';

// Count Meetings Of Planning (its participants: one meeting per buyer of the broadcast list)
export async function countPlanningMeetings(db: Db, planningId: string): Promise<number> {
  let total = 0;
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db.doc.send(
      new QueryCommand({
        TableName: db.table,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': `PLANNING#${planningId}`, ':prefix': 'MEETING#' },
        Select: 'COUNT',
        ExclusiveStartKey: cursor,
      }),
    );
    total += page.Count ?? 0;
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  return total;
}
