import { createEvent } from 'ics';
import { phaseLabels } from '../../../shared/domain/planning';
import type { MeetingRecord, PlanningRecord } from '../../data/plannings-repository';
import { NotFoundError } from '../errors';
import { bookingMessages } from './booking-messages';

/** The booked visit as an iCalendar file (mail attachment and 'Ajouter au calendrier'). */
export function meetingIcs(planning: PlanningRecord, meeting: MeetingRecord, publicUrl: string): string {
  if (!meeting.start || !meeting.end) throw new NotFoundError(bookingMessages.notBooked);
  const start = Date.parse(meeting.start);
  const { error, value } = createEvent({
    uid: `${meeting.uuid}@livrea`,
    start,
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: Math.round((Date.parse(meeting.end) - start) / 60_000) },
    title: `Visite ${phaseLabels[planning.phase]} – lot ${meeting.guest.lotcomm} (${planning.projectName})`,
    location: `${planning.address.numero} ${planning.address.rue}, ${planning.address.codepostal} ${planning.address.ville}`,
    description: `Votre rendez-vous : ${publicUrl}/entrevue/${meeting.uuid}`,
    url: `${publicUrl}/entrevue/${meeting.uuid}`,
    status: 'CONFIRMED',
  });
  if (error || !value) throw error ?? new Error('ics generation failed');
  return value;
}
