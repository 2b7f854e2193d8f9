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
  // A window ending on a later date ends at midnight ('00:00' as an end is 24:00, so its last slot is kept).
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
  // Several events on one date are several windows, each with its own AMO count (part 2 §4 availability):
  // kept as they are, never merged into the widest window.
  const days = args.events.map(eventToDay).sort((x, y) => (x.date < y.date ? -1 : x.date > y.date ? 1 : x.start < y.start ? -1 : 1));
  return calendarShape(
    PlanningCalendarSchema.parse({
      pas: args.pas,
      days,
      lunchStartTime: args.lunchStartTime,
      lunchEndTime: args.lunchEndTime,
      amoList: args.amoList ?? [],
      authorizeTrous: args.authorizeTrous ?? false,
    }),
  );
}

/**
 * The same calendar with every field present and always in this order. Callers build calendars
 * in many ways (the schema's parse, `{ ...calendar, notBefore }`, the staff checks' before/after
 * copies), and each way gives the object another hidden class in V8: optimised engine code
 * that met one shape was thrown away ('wrong map') when a request brought another, and the
 * first request of a new instance paid the recompilation. The engine's entry points read the
 * calendar through this one shape (the warm-up's and the requests' alike). Values are not
 * changed: a missing field stays undefined.
 */
export function calendarShape(calendar: PlanningCalendar): PlanningCalendar {
  return {
    pas: calendar.pas,
    days: calendar.days,
    lunchStartTime: calendar.lunchStartTime,
    lunchEndTime: calendar.lunchEndTime,
    amoList: calendar.amoList,
    authorizeTrous: calendar.authorizeTrous,
    unavailable: calendar.unavailable,
    extraAvailable: calendar.extraAvailable,
    bookings: calendar.bookings,
    notBefore: calendar.notBefore,
  };
}
