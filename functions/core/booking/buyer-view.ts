import { phaseLabels, type BuyerView } from '../../../shared/domain/planning';
import { offerSlots } from '../../../shared/scheduling/slot-offering';
import { getProgram } from '../../data/programs-repository';
import type { MeetingRecord, PlanningRecord } from '../../data/plannings-repository';
import type { Deps } from '../../runtime/deps';
import { liveCalendar, remainingDurations } from '../../../shared/scheduling/live-calendar';
import { loadMeetingState } from './load-meeting';
import { isPlaced } from '../../../shared/rules/meeting-status';
import { convocationState } from '../../../shared/domain/imposed-planning';

export function buyerState(planning: PlanningRecord, meeting: MeetingRecord, now: Date): BuyerView['state'] {
  if (!meeting.isActive) return 'disabled';
  if (isPlaced(meeting)) return 'booked';
  if (!meeting.isAvailable) return 'unavailable';
  if (now.getTime() >= Date.parse(planning.bookingDeadline)) return 'closed';
  return 'choice';
}

/** GET /rdv/usr/{uuid}: what the booking page shows. Reads only: a GET never changes anything. */
export async function getBuyerView(deps: Deps, uuid: string): Promise<BuyerView> {
  const { planning, meetings, meeting } = await loadMeetingState(deps, uuid);
  const program = await getProgram(deps.db, planning.projectId);
  const state = buyerState(planning, meeting, deps.now());
  const now = deps.now().getTime();
  const options =
    state === 'choice'
      ? offerSlots(liveCalendar(planning, meetings, now), meeting.length, remainingDurations(meetings, meeting.uuid))
      : [];
  return {
    state,
    meeting: {
      uuid: meeting.uuid,
      guestName: meeting.guest.nom,
      lotcomm: meeting.guest.lotcomm,
      typologie: meeting.guest.typologie,
      length: meeting.length,
      start: meeting.start,
      end: meeting.end,
      forced: !!meeting.forced,
      isAvailable: meeting.isAvailable,
      note: meeting.note,
      maxVisitorsNb: meeting.maxVisitorsNb,
    },
    planning: {
      _id: planning._id,
      name: planning.name,
      projectName: planning.projectName,
      projectId: planning.projectId,
      promoter: planning.promoter,
      phase: planning.phase,
      phaseLabel: phaseLabels[planning.phase],
      templateType: planning.templateType,
      bookingDeadline: planning.bookingDeadline,
      address: planning.address,
      contact: planning.contact,
      questions: planning.questions,
      hasLogo: !!program?.avatarKey,
      color: program?.colors[0],
    },
    options,
    // issue 13: an imposed planning's page shows the convocation's state.
    ...(planning.templateType === 'promoterImpose' ? { convocation: convocationState(meeting, planning.bookingDeadline, now) } : {}),
  };
}
