/**
 * Building a PlanningCalendar (the engine's live-planning state) from the wire shapes.
 */
import type { PlanningCalendar, PlanningEvent } from './schemas';
import { PlanningCalendarSchema } from './schemas';
import { epochToParisWall, formatHm, toEpoch } from './time-grid';

/** One event per working day: its Paris date and wall-clock window. */
export function eventToDay(event: PlanningEvent): { date: string; start: string; end: string; nbAmo: number } {
  const a = epochToParisWall(toEpoch(event.start));
  const b = epochToParisWall(toEpoch(event.end));
  const endMin = b.date === a.date ? b.minuteOfDay : 23 * 60 + 59;
  return { date: a.date, start: formatHm(a.minuteOfDay), end: formatHm(endMin), nbAmo: event.nbAmo };
}

export function calendarFromEvents(args: {
  events: PlanningEvent[];
  pas: 900 | 1800;
  lunchStartTime: string;
  lunchEndTime: string;
  amoList?: string[];
  authorizeTrous?: boolean;
}): PlanningCalendar {
  const byDate = new Map<string, { date: string; start: string; end: string; nbAmo: number }>();
  for (const e of args.events) {
    const day = eventToDay(e);
    const prev = byDate.get(day.date);
    // Two events on one day: keep the widest window and the larger staff (one event per day).
    if (prev) {
      byDate.set(day.date, {
        date: day.date,
        start: prev.start < day.start ? prev.start : day.start,
        end: prev.end > day.end ? prev.end : day.end,
        nbAmo: Math.max(prev.nbAmo, day.nbAmo),
      });
    } else byDate.set(day.date, day);
  }
  return PlanningCalendarSchema.parse({
    pas: args.pas,
    days: [...byDate.values()].sort((x, y) => (x.date < y.date ? -1 : 1)),
    lunchStartTime: args.lunchStartTime,
    lunchEndTime: args.lunchEndTime,
    amoList: args.amoList ?? [],
    authorizeTrous: args.authorizeTrous ?? false,
  });
}
