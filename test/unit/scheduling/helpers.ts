import type { PlanningCalendar } from '../../../shared/scheduling/schemas';
import { PlanningCalendarSchema } from '../../../shared/scheduling/schemas';
import { parisWallToEpoch } from '../../../shared/scheduling/time-grid';

export const MIN = 60_000;
export const H = 3_600_000;

/** A calendar of consecutive days (given dates), same window for all. */
export function makeCalendar(overrides: Partial<PlanningCalendar> & { dates?: string[]; start?: string; end?: string; nbAmo?: number } = {}): PlanningCalendar {
  const { dates = ['2026-12-07'], start = '08:30', end = '17:00', nbAmo = 1, ...rest } = overrides;
  return PlanningCalendarSchema.parse({
    pas: 1800,
    days: dates.map((date) => ({ date, start, end, nbAmo })),
    lunchStartTime: '12:30',
    lunchEndTime: '14:00',
    ...rest,
  });
}

export const at = (date: string, hm: string): number => {
  const [h, m] = hm.split(':').map(Number);
  return parisWallToEpoch(date, h * 60 + m);
};
