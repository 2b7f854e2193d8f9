import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { appointmentLogSchema, type AppointmentLog } from '../../shared/domain/appointment-log';
import { parisDay } from '../../shared/logs/periods';
import { type Db, withoutKeys } from './db';
import { keys } from './keys';

/**
 * Appointment logs (part 3 §3): one item per planning creation, partitioned by the Paris month of
 * its creation, sorted by its instant. Written by the planning creation's own transaction.
 */
function logKey(log: AppointmentLog) {
  return keys.appointmentLog(parisDay(log.createdAt).slice(0, 7), log.createdAt, log.planningId);
}

/** The Put to add to a planning creation's transaction (the log exists if and only if the planning was created). */
export function appointmentLogPut(db: Db, log: AppointmentLog) {
  return { Put: { TableName: db.table, Item: { ...logKey(log), ...appointmentLogSchema.parse(log) } } };
}

function monthsBetween(fromDay: string, toDay: string): string[] {
  const months: string[] = [];
  const [fromYear, fromMonth] = fromDay.split('-').map(Number);
  const [toYear, toMonth] = toDay.split('-').map(Number);
  for (let index = fromYear * 12 + fromMonth - 1; index <= toYear * 12 + toMonth - 1; index += 1) {
    months.push(`${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`);
  }
  return months;
}

// List Appointment Logs Created Between Two Instants (one Query per month, oldest first)
export async function listAppointmentLogs(db: Db, from: string, to: string): Promise<AppointmentLog[]> {
  const months = monthsBetween(parisDay(from), parisDay(to));
  const perMonth = await Promise.all(
    months.map(async (month) => {
      const items: Record<string, unknown>[] = [];
      let cursor: Record<string, unknown> | undefined;
      do {
        const page = await db.doc.send(
          new QueryCommand({
            TableName: db.table,
            KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
            ExpressionAttributeValues: { ':pk': `RDVLOG#${month}`, ':from': from, ':to': `${to}\uffff` },
            ExclusiveStartKey: cursor,
          }),
        );
        items.push(...(page.Items ?? []));
        cursor = page.LastEvaluatedKey;
      } while (cursor);
      return items.map((item) => appointmentLogSchema.parse(withoutKeys(item)));
    }),
  );
  return perMonth.flat();
}
