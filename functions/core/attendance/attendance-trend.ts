import type { AttendanceTrend } from '../../../shared/domain/attendance';
import { monthsBefore } from '../../../shared/logs/appointment-stats';
import { parisDay } from '../../../shared/logs/periods';
import { listAttendanceLogs } from '../../data/attendance-repository';
import type { Deps } from '../../runtime/deps';

/** The Paris months 'YYYY-MM' from `fromDay` to `toDay`, both included. */
function monthsBetween(fromDay: string, toDay: string): string[] {
  const months: string[] = [];
  let [year, month] = fromDay.slice(0, 7).split('-').map(Number);
  for (let key = fromDay.slice(0, 7); key <= toDay.slice(0, 7); key = `${year}-${String(month).padStart(2, '0')}`) {
    months.push(key);
    month += 1;
    if (month > 12) [year, month] = [year + 1, 1];
  }
  return months;
}

/**
 * GET /attendance/trend (administrators, the trends page): the visits marked over the last year
 * (Paris days), each with its current mark, one Query per month of the attendance log.
 */
export async function attendanceTrend(deps: Deps): Promise<AttendanceTrend> {
  const to = parisDay(deps.now().getTime());
  const from = monthsBefore(to, 12);
  const logs = await listAttendanceLogs(deps.store, monthsBetween(from, to));
  const inRange = logs.filter((log) => parisDay(log.visitStart) >= from && parisDay(log.visitStart) <= to);
  return {
    from,
    to,
    visits: inRange.map(({ visitStart, status, phase }) => ({ visitStart, status, phase })).sort((a, b) => a.visitStart.localeCompare(b.visitStart)),
  };
}
