import { imposedMessages } from '../../../shared/domain/imposed-planning';
import { firstOverlap, insideDayHours, type PlacedVisit } from '../../../shared/rules/imposed-placement';
import { placementMessages } from '../../../shared/messages/imposed';
import { MOVE_MAX_HOUR, MOVE_MIN_HOUR } from '../../../shared/scheduling/move-appointment';
import { epochToParisWall, parisWallToEpoch } from '../../../shared/scheduling/time-grid';
import type { MeetingRecord, PlanningRecord } from '../../data/plannings-repository';
import type { Deps } from '../../runtime/deps';
import { ConflictError, ValidationError } from '../errors';
import { withoutBooking } from './meeting-rules';

const staffHours = { start: `${String(MOVE_MIN_HOUR).padStart(2, '0')}:00`, end: `${MOVE_MAX_HOUR}:00` } as const;

/**
 * An imposed visit cancelled by staff (part 2 §2.5, §2.7): the slot is freed and, with no date left to
 * confirm, the buyer is 'inactif' with a fresh answer (part 2 §4 statuses); staff convene the
 * buyer again by removing and adding them with a new start.
 */
export function withoutConvocation(meeting: MeetingRecord): MeetingRecord {
  return { ...withoutBooking(meeting), isActive: false, isConfirmed: false, isAvailable: true };
}

/** The placed visits of a planning's meetings, but one. */
function placedVisits(meetings: readonly MeetingRecord[], exceptUuid?: string): PlacedVisit[] {
  return meetings
    .filter((meeting) => meeting.uuid !== exceptUuid && meeting.isBooked && meeting.start && meeting.end && meeting.amoNb !== null)
    .map((meeting) => ({ label: meeting.guest.lotcomm, startMs: Date.parse(meeting.start!), endMs: Date.parse(meeting.end!), amoNb: meeting.amoNb! }));
}

/**
 * A visit staff place or move on an existing imposed planning: in the future, on the 15-minute
 * grid, between 08:00 and 20:00 (part 2 §5 'Add buyer', 'Move'), never over another visit of the
 * same AMO ('Tranche horaire occupée par un rdv', with the lot it would overlap). The slot grains
 * written with the change enforce the last rule against a concurrent placement too.
 */
export function assertConvocationSlot(deps: Deps, planning: PlanningRecord, meetings: readonly MeetingRecord[], visit: PlacedVisit, selfUuid?: string): void {
  const pasMinutes = planning.pas / 60;
  if (visit.startMs <= deps.now().getTime()) throw new ValidationError(placementMessages.past(visit.label));
  if (visit.startMs % 60_000 !== 0 || epochToParisWall(visit.startMs).minuteOfDay % pasMinutes !== 0)
    throw new ValidationError(placementMessages.offGrid(visit.label, pasMinutes));
  if (!insideDayHours(visit, staffHours.start, staffHours.end))
    throw new ValidationError(placementMessages.outsideDay(visit.label, staffHours.start, staffHours.end));
  const overlapped = firstOverlap(visit, placedVisits(meetings, selfUuid));
  if (overlapped) throw new ConflictError(`${placementMessages.slotTaken} (lot ${overlapped.label}).`);
}

/** The planning's days once a visit is on `startMs`: its day added (with the first day's hours) or its AMO count raised. */
export function daysWithVisit(planning: PlanningRecord, visit: PlacedVisit): Pick<PlanningRecord, 'events' | 'planningStartTime' | 'planningEndTime'> {
  const { date } = epochToParisWall(visit.startMs);
  const events = planning.events.map((event) => ({ ...event }));
  const sameDay = events.find((event) => epochToParisWall(Date.parse(event.start)).date === date);
  if (sameDay) {
    sameDay.nbAmo = Math.max(sameDay.nbAmo, visit.amoNb + 1);
    sameDay.start = new Date(Math.min(Date.parse(sameDay.start), visit.startMs)).toISOString();
    sameDay.end = new Date(Math.max(Date.parse(sameDay.end), visit.endMs)).toISOString();
  } else {
    const first = events[0];
    const startMinute = first ? epochToParisWall(Date.parse(first.start)).minuteOfDay : MOVE_MIN_HOUR * 60;
    const endMinute = first ? epochToParisWall(Date.parse(first.end)).minuteOfDay : MOVE_MAX_HOUR * 60;
    events.push({
      start: new Date(parisWallToEpoch(date, Math.min(startMinute, epochToParisWall(visit.startMs).minuteOfDay))).toISOString(),
      end: new Date(Math.max(parisWallToEpoch(date, endMinute), visit.endMs)).toISOString(),
      nbAmo: visit.amoNb + 1,
    });
    events.sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  }
  return { events, planningStartTime: events[0].start, planningEndTime: events[events.length - 1].end };
}

/** A start given as seconds (the specification's calls) or as an ISO instant. */
export function startMsOf(start: number | string | undefined): number {
  if (start === undefined) throw new ValidationError(imposedMessages.startRequired, [{ path: 'start', message: imposedMessages.startRequired }]);
  return typeof start === 'number' ? start * 1000 : Date.parse(start);
}
