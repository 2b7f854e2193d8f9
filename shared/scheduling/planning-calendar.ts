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
  // A window ending on a later date ends at midnight ('00:00' as an end is 24:00, issue 11 §8).
  const endMin = b.date === a.date ? b.minuteOfDay : 0;
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
  // Several events on one date are several windows, each with its own AMO count (issue 11 §5):
  // kept as they are, never merged into the widest window.
  const days = args.events.map(eventToDay).sort((x, y) => (x.date < y.date ? -1 : x.date > y.date ? 1 : x.start < y.start ? -1 : 1));
  return PlanningCalendarSchema.parse({
    pas: args.pas,
    days,
    lunchStartTime: args.lunchStartTime,
    lunchEndTime: args.lunchEndTime,
    amoList: args.amoList ?? [],
    authorizeTrous: args.authorizeTrous ?? false,
  });
}
