import type { ScheduleDay } from '../../../../shared/scheduling/schemas';

/** The simulation calendar spans 08:00–20:00 (part 2 §9). */
const SIMULATION_START_MIN = 8 * 60;
const SIMULATION_END_MIN = 20 * 60;

/** Simulation colours: a cycle of 4 (part 2 §9). */
// Dark enough for the white 11-px labels (contrast 5.3:1 to 6:1, WCAG AA).
export const simulationColors = ['#3a62a8', '#2f7a3f', '#95600f', '#9a4f44'] as const;

const minutes = (hm: string): number => Number(hm.slice(0, 2)) * 60 + Number(hm.slice(3, 5));

/** Left offset and width (percent of the 08:00–20:00 row) of a block 'HH:mm'–'HH:mm', clipped to the row. */
export function blockPosition(startTime: string, endTime: string): { left: number; width: number } {
  const span = SIMULATION_END_MIN - SIMULATION_START_MIN;
  const a = Math.min(Math.max(minutes(startTime), SIMULATION_START_MIN), SIMULATION_END_MIN);
  const b = Math.min(Math.max(minutes(endTime), SIMULATION_START_MIN), SIMULATION_END_MIN);
  return { left: ((a - SIMULATION_START_MIN) / span) * 100, width: (Math.max(0, b - a) / span) * 100 };
}

/** The hour ticks of the row: 08, 09 … 20. */
export function hourTicks(): { label: string; left: number }[] {
  const out: { label: string; left: number }[] = [];
  for (let m = SIMULATION_START_MIN; m <= SIMULATION_END_MIN; m += 60) {
    out.push({ label: String(m / 60).padStart(2, '0'), left: ((m - SIMULATION_START_MIN) / (SIMULATION_END_MIN - SIMULATION_START_MIN)) * 100 });
  }
  return out;
}

/** Days of a schedule grouped by date, AMO columns in order. */
export function scheduleByDate(schedule: readonly ScheduleDay[]): { date: string; rows: ScheduleDay[] }[] {
  const byDate = new Map<string, ScheduleDay[]>();
  for (const day of schedule) byDate.set(day.date, [...(byDate.get(day.date) ?? []), day]);
  return [...byDate.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([date, rows]) => ({ date, rows: [...rows].sort((x, y) => x.amoNb - y.amoNb) }));
}

/**
 * Minutes an AMO still has free on a day of the example placement (part 2 §2.4): the day's
 * hours less the lunch break and the visits placed.
 */
export function freeMinutes(
  day: { start: string; end: string },
  lunch: { start: string; end: string } | null,
  visits: readonly { startTime: string; endTime: string }[],
): number {
  const open = minutes(day.end) - minutes(day.start);
  const lunchMinutes = lunch ? Math.max(0, Math.min(minutes(day.end), minutes(lunch.end)) - Math.max(minutes(day.start), minutes(lunch.start))) : 0;
  const busy = visits.reduce((sum, visit) => sum + minutes(visit.endTime) - minutes(visit.startTime), 0);
  return Math.max(0, open - lunchMinutes - busy);
}
