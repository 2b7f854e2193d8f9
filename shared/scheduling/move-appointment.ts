/**
 * Moving an appointment (part 2 §4 'Moving an appointment', §5 'Move'): new date required,
 * hours 8 to 20, 30-minute step, an option required ('Veuillez sélectionner une option'). For a
 * free planning a move is the unbook of the old slot then a forced booking at the new date; as a
 * pure function it is atomic: on refusal the input calendar is unchanged.
 */
import type { PlanningCalendar } from './schemas';
import { forceBooking } from './forced-booking';
import { SchedulingRuleError } from './scheduling-errors';
import { SCHEDULING_MESSAGES } from '../messages/scheduling';
import { epochToParisWall } from './time-grid';

export const MOVE_OPTIONS = ['validateAndSendConfirmation', 'sendConfirmationRequest', 'moveOnly'] as const;
export type MoveOption = (typeof MOVE_OPTIONS)[number];

export const MOVE_MIN_HOUR = 8;
export const MOVE_MAX_HOUR = 20;
const MOVE_STEP_MIN = 30;

/** Hours 8–20 (the visit ends by 20:00), 30-minute step, Europe/Paris. */
function assertMoveTime(start: number, durationMs: number): void {
  const a = epochToParisWall(start);
  const b = epochToParisWall(start + durationMs);
  const ok = a.minuteOfDay % MOVE_STEP_MIN === 0 && a.minuteOfDay >= MOVE_MIN_HOUR * 60 && b.date === a.date && b.minuteOfDay <= MOVE_MAX_HOUR * 60;
  if (!ok) throw new SchedulingRuleError('INVALID_TIME', SCHEDULING_MESSAGES.moveHours);
}

export function moveAppointment(
  calendar: PlanningCalendar,
  req: { meetingId: string; newStart: number; amoNb?: number; option?: MoveOption | null },
): PlanningCalendar {
  if (!req.option || !MOVE_OPTIONS.includes(req.option)) {
    throw new SchedulingRuleError('OPTION_REQUIRED', SCHEDULING_MESSAGES.optionRequired);
  }
  const current = calendar.bookings.find((b) => b.meetingId === req.meetingId);
  if (!current) throw new SchedulingRuleError('INVALID_SELECTION', SCHEDULING_MESSAGES.invalidSelection);
  const durationMs = current.end - current.start;
  assertMoveTime(req.newStart, durationMs);
  return forceBooking(calendar, { meetingId: req.meetingId, start: req.newStart, durationMs, amoNb: req.amoNb ?? current.amoNb });
}
