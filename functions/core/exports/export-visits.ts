import { phaseLabels } from '../../../shared/domain/planning';
import { visitTitle, type TitleFormat } from '../../../shared/exports/title-format';
import { freeMeetingStatus, imposedMeetingStatus, isPlaced } from '../../../shared/rules/meeting-status';
import type { MeetingRecord, PlanningRecord, PlanningState } from '../../data/plannings-repository';

/** One buyer of a planning as the exports show it (XLSX rows, ICS events, print page). */
export interface ExportVisit {
  planningId: string;
  planningName: string;
  meeting: MeetingRecord;
  title: string;
  /** 'réservé', 'en attente', … for a free planning; 'présent', … for an imposed one (part 2 §4). */
  status: string;
  amoName: string;
  /** Placed, but the buyer declared force majeure: nobody comes (status 'indisponible'). */
  unavailable: boolean;
}

export const isImposed = (planning: PlanningRecord): boolean => planning.templateType === 'promoterImpose';

/** Whether the visit has a place in the calendar (booked, forced or convened, and active). */
export const isScheduled = (meeting: MeetingRecord): boolean => meeting.isActive && isPlaced(meeting) && !!meeting.start && !!meeting.end;

/** A placed visit the buyer said they cannot attend (imposed force majeure): the slot stays, nobody comes. */
export const isUnavailableVisit = (meeting: MeetingRecord): boolean => isScheduled(meeting) && !meeting.isAvailable;

function meetingStatus(planning: PlanningRecord, meeting: MeetingRecord): string {
  return isImposed(planning) ? imposedMeetingStatus(meeting) : freeMeetingStatus(meeting);
}

/** The AMO who holds the visit: name from the planning's AMO list, else 'AMO n'. */
export function amoLabel(planning: PlanningRecord, amoNames: Map<string, string>, amoNb: number | null): string {
  if (amoNb === null) return '';
  return amoNames.get(planning.amoList[amoNb] ?? '') || `AMO ${amoNb + 1}`;
}

/** Every buyer of the plannings, ordered by visit time then lot (unscheduled ones last). */
export function exportVisits(states: PlanningState[], format: TitleFormat, amoNames: Map<string, string>): ExportVisit[] {
  return states
    .flatMap(({ planning, meetings }) =>
      meetings.map((meeting) => ({
        planningId: planning._id,
        planningName: planning.name,
        meeting,
        title: visitTitle(format, meeting.guest),
        status: meetingStatus(planning, meeting),
        amoName: amoLabel(planning, amoNames, meeting.amoNb),
        unavailable: isUnavailableVisit(meeting),
      })),
    )
    .sort(
      (a, b) =>
        (a.meeting.start ?? '~').localeCompare(b.meeting.start ?? '~') ||
        a.meeting.guest.lotcomm.localeCompare(b.meeting.guest.lotcomm, 'fr', { numeric: true }),
    );
}

/** 'Visite Choix – A101 - 3P' */
export function visitSummary(planning: PlanningRecord, title: string): string {
  return `Visite ${phaseLabels[planning.phase]} – ${title}`;
}
