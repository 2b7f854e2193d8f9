import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { type Db, withoutKeys } from './db';
import { changesPartition } from './meeting-change-stamp';
import { meetingRecordSchema, type MeetingRecord } from './plannings-repository';

interface MeetingChange {
  stamp: string;
  meeting: MeetingRecord;
}

interface MeetingRemoval {
  stamp: string;
  uuid: string;
}

export interface MeetingChanges {
  changed: MeetingChange[];
  removed: MeetingRemoval[];
  /** More than `limit` entries: the caller reloads the whole planning instead. */
  overflow: boolean;
}

/** What the change index (meeting-change-stamp.ts) holds for a planning after an instant. */
// List Meeting Changes Since (planning, instant): the change index after `after`, oldest first
export async function listMeetingChanges(db: Db, planningId: string, after: string, limit: number): Promise<MeetingChanges> {
  const changed: MeetingChange[] = [];
  const removed: MeetingRemoval[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db.doc.send(
      new QueryCommand({
        TableName: db.table,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk > :after',
        ExpressionAttributeValues: { ':pk': changesPartition(planningId), ':after': after },
        Limit: limit + 1,
        ExclusiveStartKey: cursor,
      }),
    );
    for (const item of page.Items ?? []) {
      const stamp = String(item.gsi1sk);
      if (typeof item.removedUuid === 'string') removed.push({ stamp, uuid: item.removedUuid });
      else if (String(item.sk).startsWith('MEETING#')) changed.push({ stamp, meeting: meetingRecordSchema.parse(withoutKeys(item)) });
    }
    if (changed.length + removed.length > limit) return { changed, removed, overflow: true };
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  // A meeting removed then created again under the same uuid never happens (uuids are random).
  return { changed, removed, overflow: false };
}
