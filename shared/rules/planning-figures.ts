import type { Meeting, Planning } from '../domain/planning';
import { participantStatuses, WAITLIST_SHOWN, type ParticipantStatus, type PlanningFigures } from '../domain/planning-detail-reads';
import { typologies, type Typology } from '../domain/typology';
import { inAskingOrder } from '../domain/waitlist';
import { computeHours } from '../scheduling/hours';
import { computeImposedHours } from '../scheduling/imposed-hours';
import { liveCalendar, remainingDurations } from '../scheduling/live-calendar';
import type { TimeRange } from '../scheduling/schemas';
import { meetingCounts } from './meeting-counts';
import { freeMeetingStatus, imposedMeetingStatus, isToPlace } from './meeting-status';

type FiguresPlanning = Pick<
  Planning,
  'templateType' | 'events' | 'pas' | 'lunchStartTime' | 'lunchEndTime' | 'amoList' | 'areAmosAssigned' | 'authorizeTrous'
> & { unavailable?: TimeRange[]; extraAvailable?: TimeRange[] };

/** A buyer's status in the participants table: the imposed one on an imposed planning (part 2 §2.7). */
export function participantStatus(planning: Pick<Planning, 'templateType'>, meeting: Meeting): ParticipantStatus {
  return planning.templateType === 'promoterImpose' ? imposedMeetingStatus(meeting) : freeMeetingStatus(meeting);
}

const asTypology = (value: string): Typology => ((typologies as readonly string[]).includes(value) ? (value as Typology) : '1p');

/**
 * Everything the detail page's summaries, waitlist panel and dialogs count (part 2 §2.6, §2.7,
 * §4 'Progress', §9 hours), computed once on the server from every meeting, so the page never
 * needs the meetings themselves: the figures agree with the participants table's total beside them.
 */
export function planningFigures(planning: FiguresPlanning, meetings: readonly Meeting[]): PlanningFigures {
  const imposed = planning.templateType === 'promoterImpose';
  const typologyCounts = Object.fromEntries(typologies.map((typology) => [typology, 0])) as Record<Typology, number>;
  const statuses = Object.fromEntries(participantStatuses.map((status) => [status, 0])) as Record<ParticipantStatus, number>;
  let datedVisitsMs = 0;
  const datedLengths: number[] = [];
  let toPlace = 0;
  for (const meeting of meetings) {
    typologyCounts[asTypology(meeting.guest.typologie)] += 1;
    statuses[participantStatus(planning, meeting)] += 1;
    if (meeting.isBooked && meeting.start !== null) {
      datedVisitsMs += meeting.length;
      datedLengths.push(meeting.length);
    }
    if (isToPlace(meeting)) toPlace += 1;
  }
  const hours = imposed
    ? computeImposedHours({ events: planning.events, lunchStartTime: planning.lunchStartTime, lunchEndTime: planning.lunchEndTime, durationsMs: datedLengths })
    : computeHours(liveCalendar(planning, meetings), remainingDurations(meetings));
  const waiting = imposed ? [] : inAskingOrder(meetings);
  return {
    ...meetingCounts(meetings, imposed),
    typologies: typologyCounts,
    statuses,
    toPlace,
    datedVisitsMs,
    hours,
    waitlist: waiting.slice(0, WAITLIST_SHOWN).map((meeting) => ({
      uuid: meeting.uuid,
      lotcomm: meeting.guest.lotcomm,
      nom: meeting.guest.nom,
      start: meeting.start,
      waitAskedAt: meeting.waitAskedAt,
      ...(meeting.waitHold ? { waitHold: meeting.waitHold } : {}),
    })),
    waitlistTotal: waiting.length,
  };
}
