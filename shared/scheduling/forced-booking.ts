/**
 * Forced booking (PATCH /rdv/book-force, part 2 §5 'Manual booking'): staff place a buyer at a
 * given time. It may bypass the offering (staff know what they do: lunch or outside the shift
 * are accepted) but never overlaps a booked slot, and must fall on a day of the planning.
 * When AMOs are assigned, the AMO is required; otherwise the first AMO column free at that time
 * is taken.
 */
import type { Booking, PlanningCalendar } from './schemas';
import { compileCalendar } from './grid';
import { SchedulingRuleError } from './scheduling-errors';
import { SCHEDULING_MESSAGES } from '../messages/scheduling';
import { epochToParisWall } from './time-grid';
import { assertNotBooked } from './availability-edits';

export interface ForcedBookingRequest {
  meetingId: string;
  start: number;
  durationMs: number;
  amoNb?: number;
}

export function forceBooking(calendar: PlanningCalendar, req: ForcedBookingRequest): PlanningCalendar {
  const end = req.start + req.durationMs;
  if (!(req.durationMs > 0)) throw new SchedulingRuleError('INVALID_DURATION', SCHEDULING_MESSAGES.placementFailed);
  const a = epochToParisWall(req.start);
  const b = epochToParisWall(end);
  const cc = compileCalendar(calendar);
  const d = cc.dayIndex.get(a.date);
  if (d === undefined || b.date !== a.date) throw new SchedulingRuleError('PLACEMENT_FAILED', SCHEDULING_MESSAGES.placementFailed);
  const day = cc.days[d];
  if (a.minuteOfDay < day.gridStartMin || b.minuteOfDay > day.gridStartMin + day.nSlots * cc.slotMin) {
    throw new SchedulingRuleError('PLACEMENT_FAILED', SCHEDULING_MESSAGES.placementFailed);
  }
  const others: PlanningCalendar = { ...calendar, bookings: calendar.bookings.filter((bk) => bk.meetingId !== req.meetingId) };
  let amoNb = req.amoNb;
  if (amoNb === undefined) {
    if (calendar.amoList.length > 0) throw new SchedulingRuleError('INVALID_INPUT', SCHEDULING_MESSAGES.amoRequired);
    for (let c = 0; c < Math.max(day.nbAmo, 1) && amoNb === undefined; c++) {
      const clash = others.bookings.some((bk) => bk.amoNb === c && bk.start < end && bk.end > req.start);
      if (!clash) amoNb = c;
    }
    if (amoNb === undefined) throw new SchedulingRuleError('SLOT_BOOKED', SCHEDULING_MESSAGES.slotBooked);
  }
  if (amoNb < 0 || amoNb >= cc.nbColumns) throw new SchedulingRuleError('PLACEMENT_FAILED', SCHEDULING_MESSAGES.placementFailed);
  assertNotBooked(others, { amoNb, start: req.start, end });
  const booking: Booking = { meetingId: req.meetingId, amoNb, start: req.start, end };
  return { ...others, bookings: [...others.bookings, booking] };
}
