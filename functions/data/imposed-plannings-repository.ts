import { BatchWriteCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Db, TransactionItem } from './db';
import { putJobItem, type JobRecord } from './jobs-repository';
import { keys } from './keys';
import { meetingItem, planningItem, type MeetingRecord, type PlanningRecord } from './plannings-repository';

/**
 * Insert Imposed Planning: its placed meetings and their slot grains first (a partition without its
 * planning item is invisible to every reader), then, in ONE transaction, the planning item and the
 * convocation wave's job (transactional outbox: the convocations exist if and only if the planning
 * does), with `alongside` (the appointment log). The grains make any later placement on the same AMO slot fail its condition.
 */
export async function insertImposedPlanning(
  db: Db,
  planning: PlanningRecord,
  meetings: MeetingRecord[],
  job: JobRecord,
  alongside: TransactionItem[] = [],
): Promise<void> {
  const items: Record<string, unknown>[] = [];
  for (const meeting of meetings) {
    items.push(meetingItem(meeting));
    if (meeting.start && meeting.end && meeting.amoNb !== null) {
      for (let at = Date.parse(meeting.start); at < Date.parse(meeting.end); at += planning.pas * 1000)
        items.push({ ...keys.slotGrain(planning._id, meeting.amoNb, at), meetingUuid: meeting.uuid });
    }
  }
  for (let start = 0; start < items.length; start += 25) {
    let request: Record<string, { PutRequest: { Item: Record<string, unknown> } }[]> | undefined = {
      [db.table]: items.slice(start, start + 25).map((Item) => ({ PutRequest: { Item } })),
    };
    while (request && Object.keys(request).length > 0) {
      const result = await db.doc.send(new BatchWriteCommand({ RequestItems: request }));
      request = result.UnprocessedItems as typeof request;
    }
  }
  await db.doc.send(
    new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: db.table, Item: planningItem(planning), ConditionExpression: 'attribute_not_exists(pk)' } },
        putJobItem(db.table, job),
        ...alongside,
      ],
    }),
  );
}
