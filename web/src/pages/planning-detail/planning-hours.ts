import type { Meeting, Planning } from '../../../../shared/domain/planning';
import { computeHours } from '../../../../shared/scheduling/hours';
import { computeImposedHours } from '../../../../shared/scheduling/imposed-hours';
import { calendarFromEvents } from '../../../../shared/scheduling/planning-calendar';
import type { Hours, PlanningCalendar, TimeRange } from '../../../../shared/scheduling/schemas';
import { isPlaced } from '../../../../shared/rules/meeting-status';

/** The engine's view of the live planning (as the server builds it), for the hours and the drawer. */
export function planningCalendarOf(
  planning: Planning,
  meetings: readonly Meeting[],
  availabilities: { unavailable: TimeRange[]; extraAvailable: TimeRange[] },
): PlanningCalendar {
  const base = calendarFromEvents({
    events: planning.events,
    pas: planning.pas,
    lunchStartTime: planning.lunchStartTime,
    lunchEndTime: planning.lunchEndTime,
    amoList: planning.areAmosAssigned ? planning.amoList : [],
    authorizeTrous: planning.authorizeTrous,
  });
  return {
    ...base,
    unavailable: availabilities.unavailable,
    extraAvailable: availabilities.extraAvailable,
    bookings: meetings
      .filter((meeting) => isPlaced(meeting) && meeting.start && meeting.end && meeting.amoNb !== null)
      .map((meeting) => ({ meetingId: meeting.uuid, amoNb: meeting.amoNb ?? 0, start: Date.parse(meeting.start!), end: Date.parse(meeting.end!) })),
  };
}

/** Buyers still to be placed: active, available, without a visit. */
export const toPlace = (meetings: readonly Meeting[]): Meeting[] => meetings.filter((meeting) => meeting.isActive && meeting.isAvailable && !isPlaced(meeting));

/** Available (free slots) versus needed (visits still to place) hours (part 2 §9). */
export function planningHours(
  planning: Planning,
  meetings: readonly Meeting[],
  availabilities: { unavailable: TimeRange[]; extraAvailable: TimeRange[] },
): Hours {
  return computeHours(
    planningCalendarOf(planning, meetings, availabilities),
    toPlace(meetings).map((meeting) => meeting.length),
  );
}

/** The convocations that hold a date: their total is the imposed planning's visit duration (part 2 §2.7). */
export const datedVisits = (meetings: readonly Meeting[]): Meeting[] => meetings.filter((meeting) => meeting.isBooked && meeting.start !== null);

/**
 * An imposed planning's hours (part 2 §2.5, §2.7): the visit days' hours (day length minus lunch, times the
 * AMO count, part 2 §9) against the total visit duration; no slot grid is involved, staff chose
 * every time.
 */
export function imposedPlanningHours(planning: Planning, meetings: readonly Meeting[]): Hours {
  return computeImposedHours({
    events: planning.events,
    lunchStartTime: planning.lunchStartTime,
    lunchEndTime: planning.lunchEndTime,
    durationsMs: datedVisits(meetings).map((meeting) => meeting.length),
  });
}
