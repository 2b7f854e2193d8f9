/**
 * The imposed-planning hours calculator (part 2 §2.5 'An optional hours calculator exists',
 * maths of part 2 §9): from the visit days (events) and lunch break, the capacity of each day,
 * the total, the hours needed by the selected lots, the margin and the days needed.
 */
import type { Hours, PlanningEvent } from './schemas';
import { eventToDay } from './planning-calendar';
import { daysNeeded, eventCapacityHours, neededHours, round2 } from './hours';

export function computeImposedHours(args: { events: PlanningEvent[]; lunchStartTime: string; lunchEndTime: string; durationsMs: readonly number[] }): Hours {
  const perEvent = args.events.map((e) => {
    const day = eventToDay(e);
    return { date: day.date, hours: eventCapacityHours(day, args.lunchStartTime, args.lunchEndTime) };
  });
  const available = round2(perEvent.reduce((s, e) => s + e.hours, 0));
  const needed = neededHours(args.durationsMs);
  return {
    available,
    needed,
    margin: round2(available - needed),
    ...daysNeeded(
      needed,
      perEvent.map((e) => e.hours),
    ),
    perEvent,
  };
}
