import type { PlanningCalendar } from '../../../shared/scheduling/schemas';
import { calendarFromEvents } from '../../../shared/scheduling/planning-calendar';
import type { MeetingRecord, PlanningRecord } from '../../data/plannings-repository';

/** The engine's view of a live planning: its days, edits and the visits already placed. */
export function planningCalendar(planning: PlanningRecord, meetings: MeetingRecord[]): PlanningCalendar {
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
    unavailable: planning.unavailable,
    extraAvailable: planning.extraAvailable,
    bookings: meetings
      .filter((meeting) => meeting.start && meeting.end && meeting.amoNb !== null && (meeting.isBooked || meeting.forced))
      .map((meeting) => ({ meetingId: meeting.uuid, amoNb: meeting.amoNb ?? 0, start: Date.parse(meeting.start!), end: Date.parse(meeting.end!) })),
  };
}

/** Buyers who still have to be placed: active, available, not booked (the given one excluded). */
export function remainingDurations(meetings: MeetingRecord[], exceptUuid?: string): number[] {
  return meetings.filter((meeting) => meeting.uuid !== exceptUuid && meeting.isActive && meeting.isAvailable && !meeting.isBooked && !meeting.forced).map((meeting) => meeting.length);
}
