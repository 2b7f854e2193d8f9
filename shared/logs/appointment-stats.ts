import type { AppointmentLog } from '../domain/appointment-log';
import { phaseLabels } from '../domain/planning';
import { countByPeriod, type Grouping, parisDay } from './periods';
import { logMessages } from '../messages/logs';

/** The groups of the appointment-logs stacked chart (part 3 §2: program, promoter, phase or entity). */
export type LogGroupBy = 'program' | 'promoter' | 'phase' | 'invoiceEntity';
export const logGroupByLabels: Record<LogGroupBy, string> = logMessages.groupBy;
const noEntityLabel = logMessages.noEntity;

export function groupLabel(log: AppointmentLog, groupBy: LogGroupBy, entityNames: Record<string, string> = {}): string {
  if (groupBy === 'phase') return phaseLabels[log.phase];
  if (groupBy === 'invoiceEntity') return log.invoiceEntity ? (entityNames[log.invoiceEntity] ?? log.invoiceEntity) : noEntityLabel;
  return log[groupBy];
}

/** One series per group, each counting its logs in every period (empty periods included), biggest group first. */
export function stackedByGroup(
  logs: readonly AppointmentLog[],
  groupBy: LogGroupBy,
  fromDay: string,
  toDay: string,
  grouping: Grouping,
  entityNames: Record<string, string> = {},
) {
  const byGroup = new Map<string, string[]>();
  for (const log of logs) {
    const label = groupLabel(log, groupBy, entityNames);
    byGroup.set(label, [...(byGroup.get(label) ?? []), log.createdAt]);
  }
  return [...byGroup]
    .map(([group, instants]) => ({ group, total: instants.length, counts: countByPeriod(instants, fromDay, toDay, grouping) }))
    .sort((a, b) => b.total - a.total || a.group.localeCompare(b.group, 'fr'));
}

/** The first day (Paris) `months` calendar months before `today`, clamped to the month's length. */
export function monthsBefore(today: string, months: number): string {
  const [year, month, day] = today.split('-').map(Number);
  const total = year * 12 + (month - 1) - months;
  const targetYear = Math.floor(total / 12);
  const targetMonth = (total % 12) + 1;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth, 0)).getUTCDate();
  return `${targetYear}-${String(targetMonth).padStart(2, '0')}-${String(Math.min(day, lastDay)).padStart(2, '0')}`;
}

/** Statistics for the last 6 months and the last month (part 3 §9): plannings created, per phase. */
export function appointmentStatistics(logs: readonly AppointmentLog[], now: Date) {
  const today = parisDay(now.getTime());
  const since = (months: number) => {
    const from = monthsBefore(today, months);
    const inRange = logs.filter((log) => parisDay(log.createdAt) > from && parisDay(log.createdAt) <= today);
    const byPhase: Partial<Record<AppointmentLog['phase'], number>> = {};
    for (const log of inRange) byPhase[log.phase] = (byPhase[log.phase] ?? 0) + 1;
    return { from, count: inRange.length, programs: new Set(inRange.map((log) => log.programId)).size, byPhase };
  };
  return { lastSixMonths: since(6), lastMonth: since(1) };
}
