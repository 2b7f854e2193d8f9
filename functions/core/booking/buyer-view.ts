import { phaseLabels, type BuyerView } from '../../../shared/domain/planning';
import { offerSlots } from '../../../shared/scheduling/slot-offering';
import { findMeetingPlanningId, getProgramAppearance, loadPlanningAndMeetings, type ProgramAppearance } from '../../data/buyer-page-repository';
import type { MeetingRecord, PlanningRecord, PlanningState } from '../../data/plannings-repository';
import type { Deps } from '../../runtime/deps';
import { liveCalendar, remainingDurations } from '../../../shared/scheduling/live-calendar';
import { NotFoundError } from '../errors';
import { bookingMessages } from './booking-messages';
import { WarmMemo } from './warm-memo';
import { recordFirstOpening } from '../../data/link-opening-writes';
import { isPlaced } from '../../../shared/rules/meeting-status';
import { greetingName } from '../../../shared/rules/greeting';
import { convocationState } from '../../../shared/domain/imposed-planning';

export function buyerState(planning: PlanningRecord, meeting: MeetingRecord, now: Date): BuyerView['state'] {
  if (!meeting.isActive) return 'disabled';
  if (isPlaced(meeting)) return 'booked';
  if (!meeting.isAvailable) return 'unavailable';
  if (now.getTime() >= Date.parse(planning.bookingDeadline)) return 'closed';
  return 'choice';
}

/**
 * Per warm instance (issue 12 point 12): a buyer's link never changes planning, so its planning id
 * is remembered for good (a deleted meeting or planning is still seen as gone, by the partition
 * read below); the program's logo and colour may lag a minute behind a change. The planning and its
 * meetings, hence the slots offered, are read afresh on every call.
 */
const planningIdOfLink = new WarmMemo<string | null>(20_000);
const programAppearance = new WarmMemo<ProgramAppearance | null>(1_000, 60_000);

/** The buyer's meeting and its planning, read consistently (slot grains and lock left out). */
async function loadBuyerPageState(deps: Deps, uuid: string): Promise<PlanningState & { meeting: MeetingRecord }> {
  const now = deps.now().getTime();
  const planningId = await planningIdOfLink.get(uuid, now, () => findMeetingPlanningId(deps.db, uuid));
  const state = planningId ? await loadPlanningAndMeetings(deps.db, planningId) : null;
  const meeting = state?.meetings.find((candidate) => candidate.uuid === uuid);
  if (!state || !meeting || state.planning.templateType === 'draft') throw new NotFoundError(bookingMessages.notFound);
  return { ...state, meeting };
}

/**
 * GET /rdv/usr/{uuid}: what the booking page shows. The only write is the link's first opening
 * (issue 18 funnel), once per buyer: later loads see `openedAt` in what they read and write nothing.
 */
export async function getBuyerView(deps: Deps, uuid: string): Promise<BuyerView> {
  const { planning, meetings, meeting } = await loadBuyerPageState(deps, uuid);
  if (!meeting.openedAt) await recordFirstOpening(deps.db, planning._id, meeting.uuid, deps.now().toISOString());
  const program = await programAppearance.get(planning.projectId, deps.now().getTime(), () => getProgramAppearance(deps.db, planning.projectId));
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
      guestName: greetingName(meeting.guest),
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
      hasLogo: !!program?.hasLogo,
      color: program?.color,
    },
    options,
    // issue 13: an imposed planning's page shows the convocation's state.
    ...(planning.templateType === 'promoterImpose' ? { convocation: convocationState(meeting, planning.bookingDeadline, now) } : {}),
  };
}
