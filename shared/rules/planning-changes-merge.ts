import type { PlanningChanges } from '../domain/planning-changes';
import type { CalendarVisit } from '../domain/planning-detail-reads';
import type { Meeting } from '../domain/planning';
import { isPlaced } from './meeting-status';

type Answer = Pick<PlanningChanges, 'meetings' | 'removed'>;

/**
 * A page of the participants table with a changes answer merged in (docs/architecture.md « Live
 * staff screens »): the changed buyers shown on the page replaced where they are, every other row
 * keeping its identity (the table keeps its selection and scroll). `stale` when the answer holds a
 * buyer the page does not show or a removal: the page may then gain or lose rows (a filter, the
 * sort, the total), and only the current page is read again.
 */
export function mergeIntoPage<P extends { rows: Meeting[]; total: number }>(page: P, answer: Answer): { page: P; stale: boolean } {
  if (answer.meetings.length === 0 && answer.removed.length === 0) return { page, stale: false };
  const changed = new Map(answer.meetings.map((meeting) => [meeting.uuid, meeting]));
  const shown = new Set(page.rows.map((row) => row.uuid));
  const stale = answer.removed.length > 0 || answer.meetings.some((meeting) => !shown.has(meeting.uuid));
  const hits = page.rows.some((row) => changed.has(row.uuid));
  return { page: hits ? { ...page, rows: page.rows.map((row) => changed.get(row.uuid) ?? row) } : page, stale };
}

/** A placed visit as the calendar draws it (GET /rdv/{id}/calendar's projection). */
export function toCalendarVisit(meeting: Meeting): CalendarVisit {
  return {
    uuid: meeting.uuid,
    start: meeting.start!,
    end: meeting.end!,
    amoNb: meeting.amoNb,
    lotcomm: meeting.guest.lotcomm,
    typologie: meeting.guest.typologie,
    nom: meeting.guest.nom,
  };
}

/** Whether a visit is drawn in [from, to): placed, with a time that overlaps the range. */
export const isInRange = (meeting: Pick<Meeting, 'isBooked' | 'forced' | 'start' | 'end'>, from: string, to: string): boolean =>
  isPlaced(meeting) && !!meeting.start && !!meeting.end && Date.parse(meeting.end) > Date.parse(from) && Date.parse(meeting.start) < Date.parse(to);

/**
 * The calendar's range with a changes answer merged in: the answer carries each changed buyer
 * whole, so the range is kept exact without a read (a visit placed, moved in or out, cancelled or
 * removed). Unchanged visits keep their identity, and so does the list when nothing in it changed.
 */
export function mergeIntoRange(visits: CalendarVisit[], range: { from: string; to: string }, answer: Answer): CalendarVisit[] {
  if (answer.meetings.length === 0 && answer.removed.length === 0) return visits;
  const gone = new Set(answer.removed);
  const changed = new Map(answer.meetings.map((meeting) => [meeting.uuid, meeting]));
  let touched = false;
  const kept: CalendarVisit[] = [];
  for (const visit of visits) {
    const meeting = changed.get(visit.uuid);
    if (gone.has(visit.uuid) || (meeting && !isInRange(meeting, range.from, range.to))) touched = true;
    else if (meeting) {
      touched = true;
      kept.push(toCalendarVisit(meeting));
    } else kept.push(visit);
  }
  const known = new Set(visits.map((visit) => visit.uuid));
  const added = answer.meetings.filter((meeting) => !known.has(meeting.uuid) && !gone.has(meeting.uuid) && isInRange(meeting, range.from, range.to));
  return touched || added.length > 0 ? [...kept, ...added.map(toCalendarVisit)] : visits;
}

/** Whether an answer changes anything the screen shows. */
export function hasPlanningChanges(answer: Pick<PlanningChanges, 'planning' | 'meetings' | 'removed'>): boolean {
  return answer.planning !== null || answer.meetings.length > 0 || answer.removed.length > 0;
}
