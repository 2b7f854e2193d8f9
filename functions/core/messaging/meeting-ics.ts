import { createEvent, type EventAttributes } from 'ics';
import { phaseLabels } from '../../../shared/domain/planning';
import { isPlaced } from '../../../shared/rules/meeting-status';
import type { MeetingRecord, PlanningRecord } from '../../data/plannings-repository';
import { NotFoundError } from '../errors';
import { icsMessages, meetingCalendarTexts } from '../../../shared/messages/booking';

/**
 * The fields whose change is a new revision of the visit for the buyer's calendar. Each write that
 * changes one of them increments the meeting's `icsSequence` (RFC 5545 SEQUENCE), so a calendar
 * that already holds the visit replaces it instead of keeping the old time.
 */
const revisionFields = ['isBooked', 'start', 'end', 'amoNb'] as const;

export function isVisitRevision(before: MeetingRecord, after: MeetingRecord): boolean {
  return revisionFields.some((field) => before[field] !== after[field]);
}

/** The SEQUENCE a meeting's next revision carries. */
export function nextIcsSequence(meeting: MeetingRecord): number {
  return (meeting.icsSequence ?? 0) + 1;
}

function visitEvent(planning: PlanningRecord, meeting: MeetingRecord, publicUrl: string): EventAttributes {
  if (!meeting.start) throw new NotFoundError(icsMessages.noBookedVisit);
  const start = Date.parse(meeting.start);
  // A cancelled meeting keeps only the start it had (the cancellation job's payload): its length gives the end.
  const end = meeting.end ? Date.parse(meeting.end) : start + meeting.length;
  return {
    // One UID per meeting for its whole life: the calendar updates or cancels the same event.
    uid: `${meeting.uuid}@livrea`,
    start,
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: Math.round((end - start) / 60_000) },
    title: meetingCalendarTexts.title(phaseLabels[planning.phase], meeting.guest.lotcomm, planning.projectName),
    location: `${planning.address.numero} ${planning.address.rue}, ${planning.address.codepostal} ${planning.address.ville}`,
    description: meetingCalendarTexts.description(`${publicUrl}/entrevue/${meeting.uuid}`),
    url: `${publicUrl}/entrevue/${meeting.uuid}`,
    // Calendars match a CANCEL to its event by UID and organizer: the planning's contact when there is one.
    ...(planning.contact.contactMail ? { organizer: { name: planning.promoter, email: planning.contact.contactMail } } : {}),
  };
}

function render(event: EventAttributes): string {
  const { error, value } = createEvent(event);
  if (error || !value) throw error ?? new Error('ics generation failed');
  return value;
}

/**
 * The booked visit as an iCalendar file (confirmation mail and 'Ajouter au calendrier'), at the
 * meeting's current revision. A visit that is not booked has no file: 404.
 */
export function meetingIcs(planning: PlanningRecord, meeting: MeetingRecord, publicUrl: string): string {
  if (!isPlaced(meeting)) throw new NotFoundError(icsMessages.noBookedVisit);
  return render({ ...visitEvent(planning, meeting, publicUrl), method: 'PUBLISH', sequence: meeting.icsSequence ?? 0, status: 'CONFIRMED' });
}

/**
 * The cancellation of a visit for the buyer's calendar: METHOD:CANCEL with the same UID and the
 * revision the cancel wrote. `cancelled` is the meeting as stored after the cancel, with the start
 * of the visit it cancelled (the cancellation job renders it so, once the cancel is committed).
 */
export function cancellationIcs(planning: PlanningRecord, cancelled: MeetingRecord, publicUrl: string): string {
  return render({ ...visitEvent(planning, cancelled, publicUrl), method: 'CANCEL', sequence: cancelled.icsSequence ?? 0, status: 'CANCELLED' });
}
