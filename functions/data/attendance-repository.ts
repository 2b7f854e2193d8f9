import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { attendanceStatusSchema } from '../../shared/domain/attendance';
import { phaseSchema } from '../../shared/domain/planning';
import { parisDay } from '../../shared/logs/periods';
import { queryWholePartition, type Db, type TransactionItem, withoutKeys } from './db';
import { keys } from './keys';

/**
 * Attendance storage: the marks already recorded (idempotency of a device's retries) and one log
 * item per marked visit in its Paris month (the trends). The meeting's own fields and its history
 * entry are written beside them by the use case, in one transaction.
 */

/** Put only if this mark was never recorded: a retry of the same mark fails the transaction's condition. */
export function attendanceMarkItem(table: string, planningId: string, markId: string, uuid: string, at: string): TransactionItem {
  return { Put: { TableName: table, Item: { ...keys.attendanceMark(planningId, markId), uuid, at }, ConditionExpression: 'attribute_not_exists(pk)' } };
}

// Get Attendance Mark (was this device mark already recorded?)
export async function isAttendanceMarkRecorded(db: Db, planningId: string, markId: string): Promise<boolean> {
  const { Item } = await db.doc.send(
    new GetCommand({ TableName: db.table, Key: keys.attendanceMark(planningId, markId), ConsistentRead: true, ProjectionExpression: 'pk' }),
  );
  return Item !== undefined;
}

const attendanceLogSchema = z.object({
  uuid: z.string(),
  planningId: z.string(),
  programId: z.string(),
  phase: phaseSchema,
  visitStart: z.string(),
  status: attendanceStatusSchema,
});
export type AttendanceLog = z.infer<typeof attendanceLogSchema>;

/** The visit's current attendance (replaces the previous one of the same visit: its key is the visit). */
export function attendanceLogItem(table: string, log: AttendanceLog): TransactionItem {
  return { Put: { TableName: table, Item: { ...keys.attendanceLog(parisDay(log.visitStart).slice(0, 7), log.visitStart, log.uuid), ...log } } };
}

// List Attendance Logs Of Months (Paris months 'YYYY-MM', one Query each, in parallel)
export async function listAttendanceLogs(db: Db, months: readonly string[]): Promise<AttendanceLog[]> {
  const perMonth = await Promise.all(
    months.map(async (month) => (await queryWholePartition(db, `ATTLOG#${month}`)).map((item) => attendanceLogSchema.parse(withoutKeys(item)))),
  );
  return perMonth.flat();
}
