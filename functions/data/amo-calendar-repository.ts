import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { amoWindows, DEFAULT_TRAVEL_MINUTES, type AmoCalendar, type AmoClaim, type Span, type VisitElsewhere } from '../../shared/scheduling/amo-calendar';
import {
  batchGetItems,
  commitTransaction,
  conditionHeld,
  isConditionFailure,
  maxTransactionItems,
  queryWholePartition,
  type Db,
  type TransactionItem,
} from './db';
import { keys } from './keys';
import { planningRecordSchema, type PlanningRecord } from './plannings-repository';
import { getUsersByIds } from './users-repository';

/**
 * An AMO's one calendar across plannings (docs/scheduling.md « One person, one calendar »): the
 * partition `AMOCAL#<userId>` holds an item per planning naming the AMO (`PLANNING#<id>`, with
 * when it was named), their days off (`DAYOFF#<id>`), their travel time (`SETTINGS`) and the
 * visits staff confirmed over another planning's time (`VISIT#…`). One Query reads it; the
 * plannings' windows are read from the planning items themselves (one BatchGet), so an edit of a
 * planning's days never has to rewrite the index: the index only says which plannings to read.
 */

const namingSchema = z.object({ userId: z.string(), planningId: z.string(), since: z.string() });
const dayOffSchema = z.object({ id: z.string(), userId: z.string(), start: z.number().int(), end: z.number().int(), createdAt: z.string() });
export type DayOff = z.infer<typeof dayOffSchema>;
const visitOutsideSchema = z.object({
  userId: z.string(),
  planningId: z.string(),
  planningName: z.string(),
  programId: z.string(),
  uuid: z.string(),
  start: z.number().int(),
  end: z.number().int(),
});
const settingsSchema = z.object({ travelMinutes: z.number().int().min(0).optional(), calendarVersion: z.number().int().optional() });

/** The put naming `userId` on `planningId` since `since`, written once (a later write keeps the first naming's date). */
function amoNamingPut(table: string, userId: string, planningId: string, since: string): TransactionItem {
  return {
    Put: {
      TableName: table,
      Item: { ...keys.amoNaming(userId, planningId), userId, planningId, since },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** The namings of a planning's AMOs, in its creation's transaction (a planning's first naming of each). */
export function amoNamingPuts(table: string, planning: Pick<PlanningRecord, '_id' | 'amoList' | 'areAmosAssigned' | 'createdAt'>): TransactionItem[] {
  if (!planning.areAmosAssigned) return [];
  return [...new Set(planning.amoList)].map((userId) => amoNamingPut(table, userId, planning._id, planning.createdAt));
}

/**
 * Names the AMO on a planning before the change that adds them commits: an index entry without
 * the planning naming the AMO is ignored by the readers (they check the planning's `amoList`),
 * so writing it first never lets a booking miss it. Kept when already there.
 */
export async function nameAmoOnPlanning(db: Db, userId: string, planningId: string, since: string): Promise<void> {
  await writeAmoNamings(db, [userId], planningId, since);
}

/** Names each AMO on the planning since `since` where not named yet (the index's migration): how many namings it wrote. */
export async function writeAmoNamings(db: Db, userIds: readonly string[], planningId: string, since: string): Promise<number> {
  let written = 0;
  for (const userId of new Set(userIds)) {
    const put = amoNamingPut(db.table, userId, planningId, since).Put!;
    if (await conditionHeld(db.doc.send(new PutCommand({ TableName: put.TableName, Item: put.Item, ConditionExpression: put.ConditionExpression }))))
      written += 1;
  }
  return written;
}

interface AmoPartition {
  namings: z.infer<typeof namingSchema>[];
  daysOff: DayOff[];
  outside: z.infer<typeof visitOutsideSchema>[];
  travelMinutes: number;
  version: number;
}

async function readPartition(db: Db, userId: string): Promise<AmoPartition> {
  const partition: AmoPartition = { namings: [], daysOff: [], outside: [], travelMinutes: DEFAULT_TRAVEL_MINUTES, version: 0 };
  for (const item of await queryWholePartition(db, keys.amoCalendarSettings(userId).pk, { consistent: true })) {
    const sk = String(item.sk);
    if (sk.startsWith('PLANNING#')) partition.namings.push(namingSchema.parse(item));
    else if (sk.startsWith('DAYOFF#')) partition.daysOff.push(dayOffSchema.parse(item));
    else if (sk.startsWith('VISIT#')) partition.outside.push(visitOutsideSchema.parse(item));
    else if (sk === 'SETTINGS') {
      const settings = settingsSchema.parse(item);
      partition.travelMinutes = settings.travelMinutes ?? DEFAULT_TRAVEL_MINUTES;
      partition.version = settings.calendarVersion ?? 0;
    }
  }
  return partition;
}

/**
 * Load AMO Calendars: one Query per AMO partition, then one BatchGet of the plannings they name
 * (a deleted planning, or one that no longer names the AMO, claims nothing), and the AMOs' user
 * names (for staff's messages). Empty, without any read, for no AMO.
 */
export async function loadAmoCalendars(db: Db, userIds: readonly string[]): Promise<Map<string, AmoCalendar>> {
  const ids = [...new Set(userIds)];
  const result = new Map<string, AmoCalendar>();
  if (ids.length === 0) return result;
  const [partitions, users] = await Promise.all([Promise.all(ids.map((id) => readPartition(db, id))), getUsersByIds(db, ids)]);
  const planningIds = [...new Set(partitions.flatMap((partition) => partition.namings.map((naming) => naming.planningId)))];
  const plannings = new Map<string, PlanningRecord>();
  for (const item of await batchGetItems(
    db,
    planningIds.map((id) => keys.planning(id)),
    { consistent: true },
  )) {
    if (item.deletedAt !== undefined) continue;
    const planning = planningRecordSchema.parse(item);
    plannings.set(planning._id, planning);
  }
  ids.forEach((userId, index) => {
    const partition = partitions[index];
    const user = users.find((candidate) => candidate._id === userId);
    const claims: AmoClaim[] = [];
    for (const naming of partition.namings) {
      const planning = plannings.get(naming.planningId);
      if (!planning || !planning.areAmosAssigned || !planning.amoList.includes(userId)) continue;
      claims.push({
        planningId: planning._id,
        planningName: planning.name,
        programId: planning.projectId,
        since: naming.since,
        windows: amoWindows(planning, userId),
      });
    }
    result.set(userId, {
      userId,
      name: user ? user.username : userId,
      travelMinutes: partition.travelMinutes,
      version: partition.version,
      claims,
      daysOff: partition.daysOff.map((off): Span => ({ start: off.start, end: off.end })),
      visitsOutside: partition.outside
        .filter((visit) => plannings.has(visit.planningId))
        .map((visit): VisitElsewhere => ({
          uuid: visit.uuid,
          planningId: visit.planningId,
          planningName: visit.planningName,
          programId: visit.programId,
          start: visit.start,
          end: visit.end,
        })),
    });
  });
  return result;
}

/** The AMO's days off, in time order. */
export async function listDaysOff(db: Db, userId: string): Promise<DayOff[]> {
  return (await readPartition(db, userId)).daysOff.sort((a, b) => a.start - b.start);
}

/** The condition that the AMO's calendar is still at `version` (0: never changed). */
function versionCondition(version: number): { ConditionExpression: string; ExpressionAttributeValues?: Record<string, number> } {
  return version === 0
    ? { ConditionExpression: 'attribute_not_exists(calendarVersion)' }
    : { ConditionExpression: 'calendarVersion = :read', ExpressionAttributeValues: { ':read': version } };
}

/** An AMO's calendar as a change read it (its version): the change's commit checks it unchanged. */
export interface AmoCalendarRead {
  userId: string;
  version: number;
}

/**
 * In a booking's transaction: the AMO's calendar is still the one the booking read (docs/scheduling.md
 * « One person, one calendar »). A day off or a travel time saved meanwhile moved its version: the
 * booking fails its condition and decides again on the calendar as it now is.
 */
function amoCalendarUnchanged(table: string, { userId, version }: AmoCalendarRead): TransactionItem {
  return { ConditionCheck: { TableName: table, Key: keys.amoCalendarSettings(userId), ...versionCondition(version) } };
}

/** The checks that each calendar read is still at its version. */
export function amoCalendarChecks(table: string, reads: readonly AmoCalendarRead[]): TransactionItem[] {
  return reads.map((read) => amoCalendarUnchanged(table, read));
}

/**
 * The update moving an AMO calendar's version by one, under the condition that it is still as
 * `read` when the change read it (one transaction writes an item once: the move carries the
 * check): a booking of any planning judged on the calendar before it fails its own check and
 * decides again.
 */
export function calendarVersionMove(table: string, userId: string, read?: AmoCalendarRead): TransactionItem {
  const guard = read ? versionCondition(read.version) : undefined;
  return {
    Update: {
      TableName: table,
      Key: keys.amoCalendarSettings(userId),
      UpdateExpression: 'ADD calendarVersion :one',
      ...(guard ? { ConditionExpression: guard.ConditionExpression } : {}),
      ExpressionAttributeValues: { ...(guard?.ExpressionAttributeValues ?? {}), ':one': 1 },
    },
  };
}

/**
 * In a change of the AMOs' claims themselves (a shift of a planning naming them: its days move
 * onto other plannings' time): each calendar read has its version moved, under the check that it
 * is still as read, even where the change records no visit.
 */
export function movingCalendarVersions(table: string, reads: readonly AmoCalendarRead[]): TransactionItem[] {
  return reads.map((read) => calendarVersionMove(table, read.userId, read));
}

/**
 * In the transaction of a change judged on another planning (a day off, a shift taking that
 * planning's time): the planning is still at the version judged. A booking or a staff change
 * committed meanwhile fails it: the change is judged again.
 */
export function planningUnchanged(table: string, planningId: string, version: number): TransactionItem {
  return {
    ConditionCheck: {
      TableName: table,
      Key: keys.planning(planningId),
      ConditionExpression: 'version = :version',
      ExpressionAttributeValues: { ':version': version },
    },
  };
}

/**
 * The most plannings a change of the AMO's calendar can be judged on: its one transaction holds
 * the version's update, the day off and a check per planning judged (DynamoDB: 100 items).
 */
export const maxPlanningsPerCalendarChange = maxTransactionItems - 2;

/**
 * Saves a change that takes time from the AMO's plannings (a day off, a longer travel time), all
 * or nothing, if neither the AMO's calendar (read at `version`) nor the plannings it was judged on
 * (each at the version read) changed meanwhile; it moves the calendar's version, so a booking that
 * read the calendar before fails its own check. False when something changed (nothing written):
 * judge again.
 */
export async function commitAmoCalendarChange(
  db: Db,
  userId: string,
  change: { version: number; dayOff?: DayOff; travelMinutes?: number; plannings: readonly { planningId: string; version: number }[] },
): Promise<boolean> {
  const read = versionCondition(change.version);
  const items: TransactionItem[] = [
    {
      Update: {
        TableName: db.table,
        Key: keys.amoCalendarSettings(userId),
        UpdateExpression: change.travelMinutes === undefined ? 'SET calendarVersion = :next' : 'SET calendarVersion = :next, travelMinutes = :travel',
        ConditionExpression: read.ConditionExpression,
        ExpressionAttributeValues: {
          ...read.ExpressionAttributeValues,
          ':next': change.version + 1,
          ...(change.travelMinutes === undefined ? {} : { ':travel': change.travelMinutes }),
        },
      },
    },
    ...(change.dayOff ? [{ Put: { TableName: db.table, Item: { ...keys.amoDayOff(userId, change.dayOff.id), ...change.dayOff } } }] : []),
    ...change.plannings.map((planning) => planningUnchanged(db.table, planning.planningId, planning.version)),
  ];
  try {
    await commitTransaction(db, items);
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Deletes the day off; false when there was none. */
export async function deleteDayOff(db: Db, userId: string, id: string): Promise<boolean> {
  return conditionHeld(db.doc.send(new DeleteCommand({ TableName: db.table, Key: keys.amoDayOff(userId, id), ConditionExpression: 'attribute_exists(pk)' })));
}

export async function getTravelMinutes(db: Db, userId: string): Promise<number> {
  return (await readPartition(db, userId)).travelMinutes;
}

/** A shorter travel time only gives time back: no version moved (nothing a booking read is taken). */
export async function putTravelMinutes(db: Db, userId: string, travelMinutes: number): Promise<void> {
  await db.doc.send(
    new UpdateCommand({
      TableName: db.table,
      Key: keys.amoCalendarSettings(userId),
      UpdateExpression: 'SET travelMinutes = :travel',
      ExpressionAttributeValues: { ':travel': travelMinutes },
    }),
  );
}

export type VisitOutside = z.infer<typeof visitOutsideSchema>;

/**
 * Records visits of the AMO outside the claims (a placement staff confirmed over another
 * planning's time, another planning's visits under a shifted planning's new days), before the
 * change that needs them commits: an entry left by a failed commit only blocks time, never frees
 * it. Each write moves the calendar's version from `version` (conditioned on it, as a day off is):
 * a booking of another planning that read the calendar before fails its own check and decides
 * again with the visits. The new version, or null when the calendar moved since `version` was read
 * (nothing more written: the change's own check fails and it plans again).
 */
export async function recordVisitsOutside(db: Db, userId: string, visits: readonly VisitOutside[], version: number): Promise<number | null> {
  let current = version;
  // One transaction holds the version's update and up to 99 visits.
  for (let from = 0; from < visits.length; from += maxTransactionItems - 1) {
    const read = versionCondition(current);
    const items: TransactionItem[] = [
      {
        Update: {
          TableName: db.table,
          Key: keys.amoCalendarSettings(userId),
          UpdateExpression: 'SET calendarVersion = :next',
          ConditionExpression: read.ConditionExpression,
          ExpressionAttributeValues: { ...read.ExpressionAttributeValues, ':next': current + 1 },
        },
      },
      ...visits
        .slice(from, from + maxTransactionItems - 1)
        .map((visit): TransactionItem => ({ Put: { TableName: db.table, Item: { ...keys.amoVisitOutside(userId, visit.planningId, visit.uuid), ...visit } } })),
    ];
    if (!(await conditionHeld(commitTransaction(db, items)))) return null;
    current += 1;
  }
  return current;
}
