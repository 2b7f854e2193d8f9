import type { Meeting, Planning } from '../../../../shared/domain/planning';
import { computeHours } from '../../../../shared/scheduling/hours';
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
