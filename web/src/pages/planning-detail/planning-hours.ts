import type { Planning } from '../../../../shared/domain/planning';
import type { CalendarRange } from '../../api/planning-detail-queries';
import { CALENDAR_MAX_DAYS } from '../../../../shared/domain/planning-detail-reads';
import { calendarFromEvents } from '../../../../shared/scheduling/planning-calendar';
import type { PlanningCalendar, TimeRange } from '../../../../shared/scheduling/schemas';

/** A placed visit, as GET /rdv/{id}/calendar answers it: what the engine needs of a booking. */
export interface PlacedVisit {
  uuid: string;
  start: string;
  end: string;
  amoNb: number | null;
}

/** The engine's view of the live planning (as the server builds it), for the availability drawer. */
export function planningCalendarOf(
  planning: Planning,
  visits: readonly PlacedVisit[],
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
    bookings: visits
      .filter((visit) => visit.amoNb !== null)
      .map((visit) => ({ meetingId: visit.uuid, amoNb: visit.amoNb ?? 0, start: Date.parse(visit.start), end: Date.parse(visit.end) })),
  };
}

const DAY_MS = 86_400_000;

/**
 * The planning's days as calendar ranges of at most 100 days (GET /rdv/{id}/calendar's bound), from
 * its first day to the day after its last: every placed visit of the planning, range after range.
 */
export function planningRanges(planning: Pick<Planning, 'planningStartTime' | 'planningEndTime'>): CalendarRange[] {
  const ranges: CalendarRange[] = [];
  const end = Date.parse(planning.planningEndTime) + DAY_MS;
  for (let from = Date.parse(planning.planningStartTime); from < end; from += CALENDAR_MAX_DAYS * DAY_MS) {
    ranges.push({ from: new Date(from).toISOString(), to: new Date(Math.min(end, from + CALENDAR_MAX_DAYS * DAY_MS)).toISOString() });
  }
  return ranges;
}
