import { addDays, epochToParisWall } from '../scheduling/time-grid';

/**
 * Trend periods (part 3 §9): a day, a week (Monday to Sunday) or a month, in Paris time. A period
 * is named by its first day ('2026-11-23') or its month ('2026-11').
 */
export type Grouping = 'day' | 'week' | 'month';
export const groupings: readonly Grouping[] = ['day', 'week', 'month'];
export const groupingLabels: Record<Grouping, string> = { day: 'Jour', week: 'Semaine', month: 'Mois' };

export function parisDay(instant: string | number): string {
  return epochToParisWall(typeof instant === 'number' ? instant : Date.parse(instant)).date;
}

export function periodOf(day: string, grouping: Grouping): string {
  if (grouping === 'day') return day;
  if (grouping === 'month') return day.slice(0, 7);
  const weekday = (new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7; // Monday = 0
  return addDays(day, -weekday);
}

function nextPeriod(period: string, grouping: Grouping): string {
  if (grouping === 'day') return addDays(period, 1);
  if (grouping === 'week') return addDays(period, 7);
  const [year, month] = period.split('-').map(Number);
  return month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
}

/** The periods after `period`, `count` of them (the forecast's periods). */
export function periodsAfter(period: string, grouping: Grouping, count: number): string[] {
  const after: string[] = [];
  for (let next = nextPeriod(period, grouping); after.length < count; next = nextPeriod(next, grouping)) after.push(next);
  return after;
}

/** Every period from the one holding `fromDay` to the one holding `toDay`, in order (none skipped). */
export function periodsBetween(fromDay: string, toDay: string, grouping: Grouping): string[] {
  const last = periodOf(toDay, grouping);
  const periods: string[] = [];
  for (let period = periodOf(fromDay, grouping); period <= last; period = nextPeriod(period, grouping)) periods.push(period);
  return periods;
}

/** How many instants fall in each period between the two days; empty periods count 0. */
export function countByPeriod(instants: readonly string[], fromDay: string, toDay: string, grouping: Grouping): { period: string; count: number }[] {
  const counts = new Map(periodsBetween(fromDay, toDay, grouping).map((period) => [period, 0]));
  for (const instant of instants) {
    const period = periodOf(parisDay(instant), grouping);
    const count = counts.get(period);
    if (count !== undefined) counts.set(period, count + 1);
  }
  return [...counts].map(([period, count]) => ({ period, count }));
}
