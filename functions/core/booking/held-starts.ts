import { isHoldActive, type WaitHold } from '../../../shared/domain/waitlist';
import { liveCalendar, remainingDurations, type LiveMeeting, type LivePlanning } from '../../../shared/scheduling/live-calendar';
import { offerSlots } from '../../../shared/scheduling/slot-offering';
import type { SlotOption } from '../../../shared/scheduling/schemas';
import type { TimeBudget } from '../../../shared/scheduling/time-budget';

type HoldingMeeting = LiveMeeting & { waitHold?: WaitHold };

/**
 * The meetings as the slot offering sees them for the buyer `forUuid`: a start held for another
 * waiter (docs/user-guide.md « Liste d'attente ») counts as a placed visit until its hold ends, so nobody else
 * is offered it, nor books it, meanwhile.
 */
export function withHeldStarts(meetings: readonly HoldingMeeting[], forUuid: string, now: number): LiveMeeting[] {
  const held: LiveMeeting[] = [];
  for (const meeting of meetings) {
    if (meeting.uuid === forUuid || !isHoldActive(meeting.waitHold, now)) continue;
    const { start, end, amoNb } = meeting.waitHold;
    held.push({
      uuid: `hold#${meeting.uuid}`,
      length: Date.parse(end) - Date.parse(start),
      start,
      end,
      amoNb,
      isBooked: true,
      forced: null,
      isActive: true,
      isAvailable: true,
    });
  }
  return held.length === 0 ? [...meetings] : [...meetings, ...held];
}

/** The meetings with `uuid`'s visit taken off the calendar: what the engine sees when that buyer would move. */
export function withoutVisitOf<M extends LiveMeeting>(meetings: readonly M[], uuid: string): M[] {
  return meetings.map((meeting) => (meeting.uuid === uuid ? { ...meeting, isBooked: false, forced: null, start: null, end: null, amoNb: null } : meeting));
}

/**
 * The earliest start the engine would offer `waiter` if its visit were free again: the slot
 * offering of the booking page (every other unplaced buyer still fits, holds skipped); null
 * when none is earlier than its current start (or none was proven within `budget`).
 */
export function earlierStartFor(
  planning: LivePlanning,
  meetings: readonly HoldingMeeting[],
  waiter: HoldingMeeting,
  now: number,
  budget?: TimeBudget,
): SlotOption | null {
  if (!waiter.start) return null;
  const freed = withoutVisitOf(meetings, waiter.uuid);
  const calendar = liveCalendar(planning, withHeldStarts(freed, waiter.uuid, now), now);
  const options = offerSlots(calendar, waiter.length, remainingDurations(freed, waiter.uuid), { budget });
  const current = Date.parse(waiter.start);
  let earliest: SlotOption | null = null;
  for (const option of options) {
    const at = Date.parse(option.startDate);
    if (at < current && (!earliest || at < Date.parse(earliest.startDate))) earliest = option;
  }
  return earliest;
}
