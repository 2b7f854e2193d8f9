/**
 * The engine's view of a live planning — its days, availability edits and the visits already
 * placed — built the same way by the server (offering, booking) and by the detail page (hours).
 */
import { calendarFromEvents } from './planning-calendar';
import type { PlanningCalendar, PlanningEvent, TimeRange } from './schemas';

export interface LivePlanning {
  events: PlanningEvent[];
  pas: 900 | 1800;
  lunchStartTime: string;
  lunchEndTime: string;
  amoList: string[];
  areAmosAssigned: boolean;
  authorizeTrous: boolean;
  /** Minimum notice in hours (default 24). */
  minNoticeHours?: number;
  unavailable?: TimeRange[];
  extraAvailable?: TimeRange[];
  /**
   * The named AMOs' time taken by other plannings and their days off (`busyElsewhere`,
   * amo-calendar.ts): unavailable to this planning's engine, never stored with the planning.
   */
  busyElsewhere?: readonly TimeRange[];
}

export interface LiveMeeting {
  uuid: string;
  length: number;
  start: string | null;
  end: string | null;
  amoNb: number | null;
  isBooked: boolean;
  forced: string | null;
  isActive: boolean;
  isAvailable: boolean;
}

/** A meeting holds a place in the calendar when booked by the buyer or forced by staff. */
export const isPlaced = (meeting: LiveMeeting): boolean => (meeting.isBooked || !!meeting.forced) && !!meeting.start && !!meeting.end && meeting.amoNb !== null;

export const DEFAULT_MIN_NOTICE_HOURS = 24;

/**
 * `now` (epoch ms) makes every time before now + the planning's minimum notice unavailable to every
 * check: the offering, the booking re-check and the staff warnings (part 2 §4: past time is no
 * capacity). Without it (the staff's own calendar views) the whole planning counts.
 */
export function liveCalendar(planning: LivePlanning, meetings: readonly LiveMeeting[], now?: number): PlanningCalendar {
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
    unavailable: planning.busyElsewhere?.length ? [...(planning.unavailable ?? []), ...planning.busyElsewhere] : (planning.unavailable ?? []),
    extraAvailable: planning.extraAvailable ?? [],
    ...(now === undefined ? {} : { notBefore: now + (planning.minNoticeHours ?? DEFAULT_MIN_NOTICE_HOURS) * 3_600_000 }),
    bookings: meetings
      .filter(isPlaced)
      .map((meeting) => ({ meetingId: meeting.uuid, amoNb: meeting.amoNb ?? 0, start: Date.parse(meeting.start!), end: Date.parse(meeting.end!) })),
  };
}

/** Durations of the buyers still to place: active, available, not placed (the given one excluded). */
export function remainingDurations(meetings: readonly LiveMeeting[], exceptUuid?: string): number[] {
  return meetings
    .filter((meeting) => meeting.uuid !== exceptUuid && meeting.isActive && meeting.isAvailable && !meeting.isBooked && !meeting.forced)
    .map((meeting) => meeting.length);
}
