import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { namedAmos } from '../../shared/scheduling/amo-calendar';
import { isPlaced } from '../../shared/scheduling/live-calendar';
import type { Db, TransactionItem } from './db';
import { amoCalendarChecks, calendarVersionMove, type AmoCalendarRead } from './amo-calendar-repository';
import { keys } from './keys';
import type { MeetingRecord, PlanningRecord } from './plannings-repository';

/**
 * A visit recorded outside the claims in its AMO's calendar (`VISIT#…`, docs/scheduling.md « One
 * person, one calendar ») lasts as long as the visit does: the change that cancels or moves the
 * visit removes the record in its own transaction and moves the calendar's version, as the
 * record's creation does (a booking of another planning that read the calendar before decides
 * again: with the time freed). A placement that records the visit again at its new time writes
 * the same item first (its recording runs before its commit): the record then holds the new time
 * and stays.
 */

export interface RecordedVisit {
  userId: string;
  planningId: string;
  uuid: string;
  start: number;
  end: number;
}

/** The AMO a placed meeting holds on the planning (a named column), or null. */
function amoHeld(planning: Pick<PlanningRecord, 'amoList' | 'areAmosAssigned'>, meeting: MeetingRecord | null): string | null {
  if (!meeting || !isPlaced(meeting)) return null;
  return namedAmos(planning)[meeting.amoNb ?? -1] ?? null;
}

/** Whether the change takes the visit away from the AMO's time it was at (cancelled, moved, or given to another AMO). */
function leaves(planning: Pick<PlanningRecord, 'amoList' | 'areAmosAssigned'>, before: MeetingRecord, after: MeetingRecord | null): string | null {
  const userId = amoHeld(planning, before);
  if (!userId) return null;
  const kept = amoHeld(planning, after) === userId && after?.start === before.start && after?.end === before.end;
  return kept ? null : userId;
}

/**
 * The records of the visits these changes cancel or move, read (strongly consistent) for each
 * visit that leaves a named AMO's time: only those still recorded at the time left. Nothing is
 * read for a planning with anonymous columns.
 */
export async function recordsLeft(
  db: Db,
  planning: Pick<PlanningRecord, '_id' | 'amoList' | 'areAmosAssigned'>,
  changes: readonly { before: MeetingRecord | null; after: MeetingRecord | null }[],
): Promise<RecordedVisit[]> {
  if (namedAmos(planning).length === 0) return [];
  const read = changes.map(async ({ before, after }): Promise<RecordedVisit | null> => {
    const userId = before ? leaves(planning, before, after) : null;
    if (!before || !userId) return null;
    const key = keys.amoVisitOutside(userId, planning._id, before.uuid);
    const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: key, ConsistentRead: true }));
    const [start, end] = [Date.parse(before.start!), Date.parse(before.end!)];
    return Item && Item.start === start && Item.end === end ? { userId, planningId: planning._id, uuid: before.uuid, start, end } : null;
  });
  return (await Promise.all(read)).filter((record): record is RecordedVisit => record !== null);
}

/**
 * The writes that remove these records in the change's transaction: each record deleted if it
 * still holds the time read (recorded again meanwhile: the change fails and plans again), and
 * each AMO's calendar version moved once. A calendar the change read (`calendars`, its guard) is
 * checked unchanged; the version's move carries that check where the change removes a record of
 * it (one transaction writes an item once).
 */
export function releaseWrites(table: string, records: readonly RecordedVisit[], calendars: readonly AmoCalendarRead[] = []): TransactionItem[] {
  const writes: TransactionItem[] = records.map((record) => ({
    Delete: {
      TableName: table,
      Key: keys.amoVisitOutside(record.userId, record.planningId, record.uuid),
      ConditionExpression: '#start = :start AND #end = :end',
      ExpressionAttributeNames: { '#start': 'start', '#end': 'end' },
      ExpressionAttributeValues: { ':start': record.start, ':end': record.end },
    },
  }));
  const moved = new Set(records.map((record) => record.userId));
  for (const userId of moved)
    writes.push(
      calendarVersionMove(
        table,
        userId,
        calendars.find((read) => read.userId === userId),
      ),
    );
  return [
    ...writes,
    ...amoCalendarChecks(
      table,
      calendars.filter((read) => !moved.has(read.userId)),
    ),
  ];
}

/**
 * Every record of the planning's visits in its named AMOs' calendars (the planning being
 * deleted: each goes with it). A planning's visits are recorded only in the calendars of the AMOs
 * it names, under `VISIT#<planningId>#`.
 */
export async function planningRecords(db: Db, planning: Pick<PlanningRecord, '_id' | 'amoList' | 'areAmosAssigned'>): Promise<RecordedVisit[]> {
  const found: RecordedVisit[] = [];
  for (const userId of new Set(namedAmos(planning))) {
    const key = keys.amoVisitOutside(userId, planning._id, '');
    let cursor: Record<string, unknown> | undefined;
    do {
      const page = await db.doc.send(
        new QueryCommand({
          TableName: db.table,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :visits)',
          ExpressionAttributeValues: { ':pk': key.pk, ':visits': key.sk },
          ConsistentRead: true,
          ExclusiveStartKey: cursor,
        }),
      );
      for (const item of page.Items ?? [])
        found.push({ userId, planningId: planning._id, uuid: String(item.uuid), start: Number(item.start), end: Number(item.end) });
      cursor = page.LastEvaluatedKey;
    } while (cursor);
  }
  return found;
}
