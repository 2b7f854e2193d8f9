import { createEvents, type EventAttributes } from 'ics';
import { unavailableVisitMark, visitEventTexts } from '../../../shared/messages/exports';
import { amoCalendarMessages } from '../../../shared/messages/amo-calendar';
import type { Span } from '../../../shared/scheduling/amo-calendar';
import type { PlanningRecord } from '../../data/plannings-repository';
import { isScheduled, visitSummary, type ExportVisit } from './export-visits';

/** A planning and its visits to put in one calendar file. */
export interface CalendarSource {
  planning: PlanningRecord;
  visits: ExportVisit[];
}

function visitEvent(planning: PlanningRecord, visit: ExportVisit, publicUrl: string): EventAttributes {
  const { meeting } = visit;
  const start = Date.parse(meeting.start!);
  return {
    // The meeting's own UID, as in the buyer's file: a re-import or a feed refresh updates the
    // event instead of adding a second one, and SEQUENCE says which revision is newer.
    uid: `${meeting.uuid}@livrea`,
    sequence: meeting.icsSequence ?? 0,
    // UTC instants: each calendar shows them in its own zone, right on both sides of a DST change.
    start,
    startInputType: 'utc',
    startOutputType: 'utc',
    end: Date.parse(meeting.end!),
    endInputType: 'utc',
    endOutputType: 'utc',
    // Force majeure: the slot stays in the planning but nobody comes; calendars show it cancelled.
    title: visit.unavailable ? `${visitSummary(planning, visit.title)} (${unavailableVisitMark})` : visitSummary(planning, visit.title),
    location: `${planning.address.numero} ${planning.address.rue}, ${planning.address.codepostal} ${planning.address.ville}`,
    description: [
      visitEventTexts.planning(planning.name, planning.projectName),
      visit.amoName ? visitEventTexts.amo(visit.amoName) : '',
      visitEventTexts.buyer(meeting.guest.nom, meeting.guest.telephonemonsieur),
      visit.unavailable ? visitEventTexts.buyerUnavailable(meeting.note) : '',
    ]
      .filter(Boolean)
      .join('\n'),
    url: `${publicUrl}/entrevue/${meeting.uuid}`,
    status: visit.unavailable ? 'CANCELLED' : 'CONFIRMED',
  };
}

/** An AMO's day off (« Mes indisponibilités »): busy in their calendar app; its UID is its period (a day off is never edited, only removed). */
function dayOffEvent(userId: string, off: Span): EventAttributes {
  return {
    uid: `dayoff-${userId}-${off.start}-${off.end}@livrea`,
    start: off.start,
    startInputType: 'utc',
    startOutputType: 'utc',
    end: off.end,
    endInputType: 'utc',
    endOutputType: 'utc',
    title: amoCalendarMessages.feedDayOff,
    status: 'CONFIRMED',
    busyStatus: 'OOF',
  };
}

/** An iCalendar file (METHOD:PUBLISH) of the scheduled visits of the sources (and an AMO's days off), named for calendar apps. */
export function visitsIcs(sources: CalendarSource[], calendarName: string, publicUrl: string, amo?: { userId: string; daysOff: readonly Span[] }): string {
  const events = [
    ...sources.flatMap(({ planning, visits }) => visits.filter((visit) => isScheduled(visit.meeting)).map((visit) => visitEvent(planning, visit, publicUrl))),
    ...(amo?.daysOff ?? []).map((off) => dayOffEvent(amo!.userId, off)),
  ];
  const { error, value } = createEvents(events, { calName: calendarName, method: 'PUBLISH', productId: 'livrea/exports' });
  if (error || typeof value !== 'string') throw error ?? new Error('ics generation failed');
  return value;
}
