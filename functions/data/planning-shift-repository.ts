import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { type Db, batchGetItems, commitTransaction, conditionHeld, isConditionFailure, withoutKeys, type TransactionItem } from './db';
import { movingCalendarVersions, planningUnchanged, type AmoCalendarRead } from './amo-calendar-repository';
import { slotGrains } from './booking-writes';
import { keys } from './keys';
import { shiftLockMs } from '../../shared/domain/planning-shift';
import type { PlanningRecord } from './plannings-repository';
import { putJobItem, type JobRecord } from './jobs-repository';
import { newWaveItems, type WaveRecord } from './waves-repository';

/**
 * 'Décaler': the plan of a shift, stored beside its wave (`WAVE#<id>` / `SHIFT`), written in the
 * transaction that moves the planning's days. Small whatever the planning's size: the day mapping,
 * and only the exceptions (a visit that takes another AMO, a visit dropped with its reason); each
 * visit's new start is its hour on its day's new date. `settled` counts the buyers whose move (or
 * cancellation, or 'no longer concerned') is written, once each (a `SHIFTED#<uuid>` mark goes
 * with it): at `total` the planning's shift ends.
 */
const shiftPlanRecordSchema = z.object({
  planningId: z.string(),
  days: z.array(z.object({ from: z.string(), to: z.string() })),
  amo: z.record(z.string(), z.number()),
  dropped: z.record(z.string(), z.string()),
  /** An imposed planning's buyers convened under the notice rule, which staff confirmed: their visits are marked. */
  shortNotice: z.array(z.string()).optional(),
  total: z.number(),
  settled: z.number().default(0),
});
export type ShiftPlanRecord = z.infer<typeof shiftPlanRecordSchema>;

const keepSeconds = 90 * 86_400;

function shiftPlanItem(table: string, waveId: string, plan: Omit<ShiftPlanRecord, 'settled'>, now: Date): TransactionItem {
  return {
    Put: {
      TableName: table,
      Item: { ...keys.waveShift(waveId), ...plan, settled: 0, expiresAt: Math.floor(now.getTime() / 1000) + keepSeconds },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

// Get Shift Plan (of a wave)
export async function getShiftPlan(db: Db, waveId: string): Promise<ShiftPlanRecord | null> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.waveShift(waveId), ConsistentRead: true }));
  return Item ? shiftPlanRecordSchema.parse(withoutKeys(Item)) : null;
}

/**
 * The planning's new days, written with the plan: conditioned on the version the plan was made
 * from (a booking or another staff change since: plan again) and on no shift running; the
 * planning then names its shift, and placements wait for its end.
 */
export function shiftStartItem(
  table: string,
  planning: PlanningRecord,
  fields: Pick<PlanningRecord, 'events' | 'unavailable' | 'extraAvailable' | 'planningStartTime' | 'planningEndTime' | 'bookingDeadline'>,
  waveId: string,
  now: Date,
): TransactionItem {
  return {
    Update: {
      TableName: table,
      Key: keys.planning(planning._id),
      UpdateExpression:
        'SET events = :events, unavailable = :unavailable, extraAvailable = :extra, planningStartTime = :first, planningEndTime = :last, bookingDeadline = :deadline, shiftWaveId = :wave, shiftStartedAt = :at, version = version + :one',
      // A lapsed shift (shiftLockMs) does not block a new one.
      ConditionExpression: 'version = :version AND (attribute_not_exists(shiftWaveId) OR shiftStartedAt < :lapsed)',
      ExpressionAttributeValues: {
        ':events': fields.events,
        ':unavailable': fields.unavailable,
        ':extra': fields.extraAvailable,
        ':first': fields.planningStartTime,
        ':last': fields.planningEndTime,
        ':deadline': fields.bookingDeadline,
        ':wave': waveId,
        ':one': 1,
        ':version': planning.version,
        ':at': now.toISOString(),
        ':lapsed': new Date(now.getTime() - shiftLockMs).toISOString(),
      },
    },
  };
}

/** One buyer of the shift settled: its mark (once) and the count, in the transaction that settles it. */
export function shiftSettledItems(table: string, waveId: string, target: string): TransactionItem[] {
  return [
    {
      Put: {
        TableName: table,
        Item: { ...keys.waveShiftSettled(waveId, target), expiresAt: Math.floor(Date.now() / 1000) + keepSeconds },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    { Update: { TableName: table, Key: keys.waveShift(waveId), UpdateExpression: 'ADD settled :one', ExpressionAttributeValues: { ':one': 1 } } },
  ];
}

/** A buyer with nothing to move (cancelled meanwhile) settled alone; false when settled already. */
export async function markShiftSettled(db: Db, waveId: string, target: string): Promise<boolean> {
  try {
    await commitTransaction(db, shiftSettledItems(db.table, waveId, target));
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

// Is Shift Settled For (whether the buyer's mark is written)
export async function isShiftSettledFor(db: Db, waveId: string, target: string): Promise<boolean> {
  const { Item } = await db.doc.send(
    new GetCommand({ TableName: db.table, Key: keys.waveShiftSettled(waveId, target), ConsistentRead: true, ProjectionExpression: 'pk' }),
  );
  return !!Item;
}

/** The other visits holding the slots of column `amoNb` from `start` to `end` (epoch ms: a place a buyer is promised, taken meanwhile or not yet left). */
export async function grainHolders(db: Db, planning: PlanningRecord, place: { amoNb: number; start: number; end: number }, uuid: string): Promise<string[]> {
  const grainKeys = slotGrains(planning, place.amoNb, place.start, place.end);
  if (grainKeys.length === 0) return [];
  const items = await batchGetItems(db, grainKeys, { consistent: true });
  return [...new Set(items.map((item) => String(item.meetingUuid)).filter((holder) => holder !== uuid))];
}

/** The shift's end: the planning no longer names it (once; a later shift is not touched). */
export async function endShift(db: Db, planningId: string, waveId: string): Promise<boolean> {
  return conditionHeld(
    db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.planning(planningId),
        UpdateExpression: 'REMOVE shiftWaveId, shiftStartedAt SET version = version + :one',
        ConditionExpression: 'shiftWaveId = :wave',
        ExpressionAttributeValues: { ':wave': waveId, ':one': 1 },
      }),
    ),
  );
}

/**
 * Starts a shift all or nothing: the planning's new days (conditioned on the version it was
 * planned from and on no shift running), the plan, the wave with its targets and its first job,
 * and the checks of what else it was decided on: the named AMOs' calendars as read (their
 * versions moved: the AMOs' claims move with the days) and the other plannings judged (each still
 * at the version judged). False when the planning, or what a check names, changed since it was
 * read (nothing written: plan again).
 */
export async function commitShiftStart(
  db: Db,
  start: {
    planning: PlanningRecord;
    fields: Parameters<typeof shiftStartItem>[2];
    plan: Omit<ShiftPlanRecord, 'settled'>;
    wave: WaveRecord;
    targets: string[];
    job: JobRecord;
    now: Date;
    calendars: readonly AmoCalendarRead[];
    plannings: readonly { planningId: string; version: number }[];
  },
): Promise<boolean> {
  const { planning, fields, plan, wave, targets, job, now } = start;
  return conditionHeld(
    commitTransaction(db, [
      shiftStartItem(db.table, planning, fields, wave.waveId, now),
      shiftPlanItem(db.table, wave.waveId, plan, now),
      ...newWaveItems(db.table, wave, targets),
      putJobItem(db.table, job),
      ...movingCalendarVersions(db.table, start.calendars),
      ...start.plannings.map((other) => planningUnchanged(db.table, other.planningId, other.version)),
    ]),
  );
}
