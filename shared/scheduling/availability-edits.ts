/**
 * AMO availability editing (part 2 §4 'Availability editing'): clicking a slot that is not
 * available adds an availability of one slot length, clicking an available slot removes it, a
 * booked slot refuses ('Tranche horaire occupée par un rdv'). TEST checks the edited planning
 * still holds every unbooked buyer before CONFIRMER saves it. Pure functions: they return a new
 * calendar and never mutate their input.
 */
import type { PlanningCalendar, TimeRange } from './schemas';
import { CODE_FREE, compileCalendar } from './grid';
import { judgeStaffChange } from './strand-check';
import { TimeBudget } from './time-budget';
import { SchedulingRuleError } from './scheduling-errors';
import { SCHEDULING_MESSAGES } from '../messages/scheduling';
import { epochToParisWall } from './time-grid';

export interface AvailabilityEdit {
  kind: 'add' | 'remove';
  amoNb: number;
  start: number;
  end: number;
}

/** Throws 'Tranche horaire occupée par un rdv' when a booking of that AMO overlaps the range. */
export function assertNotBooked(calendar: PlanningCalendar, range: TimeRange, exceptMeetingIds: readonly string[] = []): void {
  for (const b of calendar.bookings) {
    if (b.amoNb === range.amoNb && b.start < range.end && b.end > range.start && !exceptMeetingIds.includes(b.meetingId)) {
      throw new SchedulingRuleError('SLOT_BOOKED', SCHEDULING_MESSAGES.slotBooked);
    }
  }
}

/** Ranges minus one range, per AMO. */
function subtract(ranges: TimeRange[], cut: TimeRange): TimeRange[] {
  const out: TimeRange[] = [];
  for (const r of ranges) {
    if (r.amoNb !== cut.amoNb || r.end <= cut.start || r.start >= cut.end) {
      out.push(r);
      continue;
    }
    if (r.start < cut.start) out.push({ amoNb: r.amoNb, start: r.start, end: cut.start });
    if (r.end > cut.end) out.push({ amoNb: r.amoNb, start: cut.end, end: r.end });
  }
  return out;
}

export function applyAvailabilityEdit(calendar: PlanningCalendar, edit: AvailabilityEdit): PlanningCalendar {
  if (!(edit.end > edit.start)) throw new SchedulingRuleError('INVALID_TIME', SCHEDULING_MESSAGES.invalidSelection);
  const range: TimeRange = { amoNb: edit.amoNb, start: edit.start, end: edit.end };
  assertNotBooked(calendar, range);
  if (edit.kind === 'add') {
    return { ...calendar, unavailable: subtract(calendar.unavailable, range), extraAvailable: [...subtract(calendar.extraAvailable, range), range] };
  }
  return { ...calendar, extraAvailable: subtract(calendar.extraAvailable, range), unavailable: [...subtract(calendar.unavailable, range), range] };
}

export function applyAvailabilityEdits(calendar: PlanningCalendar, edits: readonly AvailabilityEdit[]): PlanningCalendar {
  return edits.reduce(applyAvailabilityEdit, calendar);
}

/**
 * The click on one slot of the drawer: an available (free) slot becomes unavailable, any other
 * unbooked slot becomes available for one slot length; a booked slot refuses.
 */
export function toggleSlotAvailability(calendar: PlanningCalendar, slot: { amoNb: number; start: number }): AvailabilityEdit {
  const end = slot.start + calendar.pas * 1000;
  assertNotBooked(calendar, { amoNb: slot.amoNb, start: slot.start, end });
  const cc = compileCalendar(calendar);
  const wall = epochToParisWall(slot.start);
  const d = cc.dayIndex.get(wall.date);
  if (d === undefined || slot.amoNb >= cc.nbColumns) throw new SchedulingRuleError('INVALID_TIME', SCHEDULING_MESSAGES.invalidSelection);
  const day = cc.days[d];
  const s = Math.floor((wall.minuteOfDay - day.gridStartMin) / cc.slotMin);
  if (s < 0 || s >= day.nSlots) throw new SchedulingRuleError('INVALID_TIME', SCHEDULING_MESSAGES.invalidSelection);
  const free = cc.cells[d][slot.amoNb][s] === CODE_FREE;
  return { kind: free ? 'remove' : 'add', amoNb: slot.amoNb, start: slot.start, end };
}

/** `confirm`: the check could not settle within its budget; CONFIRMER then needs the staff's confirmation. */
export type AvailabilityTestResult = { ok: true; calendar: PlanningCalendar; confirm?: string } | { ok: false; error: string };

/**
 * TEST (PATCH /rdv/test-book-unavailabilities): applies the edits and checks that every invited,
 * unbooked buyer can still be placed, exact to the minute on the free intervals (free-time.ts: a
 * duration is never rounded up to whole slots, which would refuse visits that fit). Time before
 * `calendar.notBefore` (now + the planning's minimum notice, set by the caller) is not capacity
 * (part 2 §4). The staff paths' one comparison (strand-check.ts): edits that only add time are
 * accepted without solving; others are refused only if they leave more buyers out than before
 * (an AMO may remove time nobody could use); when the budget leaves that undecided, the staff
 * confirm (`confirm`). Errors carry the French message. `busyElsewhere`: the named AMOs' time
 * other plannings own or they took off (docs/scheduling.md « One person, one calendar »): no
 * capacity before nor after the edits, even where an edit reopens it; never in the answer's
 * calendar, which is what the planning stores.
 */
export function testAvailabilityEdits(
  calendar: PlanningCalendar,
  edits: readonly AvailabilityEdit[],
  remainingDurationsMs: readonly number[],
  budget?: TimeBudget,
  busyElsewhere: readonly TimeRange[] = [],
): AvailabilityTestResult {
  let next: PlanningCalendar;
  try {
    next = applyAvailabilityEdits(calendar, edits);
  } catch (err) {
    if (err instanceof SchedulingRuleError) return { ok: false, error: err.message };
    throw err;
  }
  const waiting = remainingDurationsMs.map((durationMs, i) => ({ id: String(i), name: '', durationMs }));
  const counted = (edited: PlanningCalendar) => (busyElsewhere.length ? { ...edited, unavailable: [...edited.unavailable, ...busyElsewhere] } : edited);
  const verdict = judgeStaffChange({ calendar: counted(calendar), waiting }, { calendar: counted(next), waiting }, budget);
  if (verdict.kind === 'strands') return { ok: false, error: SCHEDULING_MESSAGES.notEnoughTime };
  if (verdict.kind === 'undecided') return { ok: true, calendar: next, confirm: SCHEDULING_MESSAGES.undecidedCheck };
  return { ok: true, calendar: next };
}
