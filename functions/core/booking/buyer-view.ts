import { createHash } from 'node:crypto';
import { phaseLabels, type BuyerView } from '../../../shared/domain/planning';
import { offerSlots } from '../../../shared/scheduling/slot-offering';
// Runs the engine once while the Lambda instance starts, not in the first buyer's request (cold start).
import '../../../shared/scheduling/engine-warm-up';
import type { PlanningCalendar, SlotOption } from '../../../shared/scheduling/schemas';
import { type BuyerPageState, findMeetingPlanningId, getProgramAppearance, loadBuyerPage, type ProgramAppearance } from '../../data/buyer-page-repository';
import type { MeetingRecord, PlanningRecord } from '../../data/plannings-repository';
import type { Deps } from '../../runtime/deps';
import { liveCalendar, remainingDurations } from '../../../shared/scheduling/live-calendar';
import { NotFoundError } from '../errors';
import { bookingMessages } from '../../../shared/messages/booking';
import { WarmMemo } from './warm-memo';
import { recordFirstOpening } from '../../data/link-opening-writes';
import { isPlaced } from '../../../shared/rules/meeting-status';
import { greetingName } from '../../../shared/rules/greeting';
import { convocationState } from '../../../shared/domain/imposed-planning';
import { withHeldStarts } from './held-starts';
import { buyerWaitlist } from './buyer-waitlist';
import { isWaitlistOpen } from '../../../shared/domain/waitlist';
import { busyElsewhereOf } from '../plannings/amo-time-elsewhere';

export function buyerState(
  planning: PlanningRecord,
  meeting: Pick<MeetingRecord, 'isActive' | 'isBooked' | 'forced' | 'start' | 'end' | 'amoNb' | 'isAvailable' | 'bookingReopenedUntil'>,
  now: Date,
): BuyerView['state'] {
  if (!meeting.isActive) return 'disabled';
  if (isPlaced(meeting)) return 'booked';
  if (!meeting.isAvailable) return 'unavailable';
  // A no-show invited again (docs/user-guide.md « Présences ») books past the deadline, until the planning's last day.
  const reopened = meeting.bookingReopenedUntil !== undefined && now.getTime() < Date.parse(meeting.bookingReopenedUntil);
  if (now.getTime() >= Date.parse(planning.bookingDeadline) && !reopened) return 'closed';
  return 'choice';
}

/**
 * Per warm instance, so a buyer-page call costs little more than the data it reads: a buyer's link
 * never changes planning, so its planning id is remembered for good (a deleted meeting or planning
 * is still seen as gone, by the partition read below); the program's logo and colour may lag a
 * minute behind a change. The planning and its meetings, hence the slots offered, are read afresh
 * on every call.
 */
const planningIdOfLink = new WarmMemo<string | null>(20_000);
const programAppearance = new WarmMemo<ProgramAppearance | null>(1_000, 60_000);
const offerings = new WarmMemo<SlotOption[]>(500);

const MINUTE_MS = 60_000;

/**
 * The options are a pure function of the live calendar, the buyer's length and the others'
 * durations, and the engine counts the notice cut in whole minutes: a reload on an unchanged
 * planning within the same minute gets the answer of the previous solve, which is exact and spares
 * the solve's CPU. The key is a digest of every input, so any booking, edit or minute passing
 * solves anew.
 */
function offeringFor(calendar: PlanningCalendar, length: number, remaining: number[], now: number): Promise<SlotOption[]> {
  const minuteCalendar = calendar.notBefore === undefined ? calendar : { ...calendar, notBefore: Math.ceil(calendar.notBefore / MINUTE_MS) * MINUTE_MS };
  const key = createHash('sha256')
    .update(JSON.stringify([minuteCalendar, length, remaining]))
    .digest('base64url');
  return offerings.get(key, now, async () => offerSlots(minuteCalendar, length, remaining));
}

/** The buyer's meeting and its planning (the others' meetings for the engine only), read consistently (slot grains and lock left out). */
async function loadBuyerPageState(deps: Deps, uuid: string): Promise<BuyerPageState> {
  const now = deps.now().getTime();
  const planningId = await planningIdOfLink.get(uuid, now, () => findMeetingPlanningId(deps.store, uuid));
  const state = planningId ? await loadBuyerPage(deps.store, planningId, uuid) : null;
  if (!state || state.planning.templateType === 'draft') throw new NotFoundError(bookingMessages.notFound);
  return state;
}

/**
 * GET /rdv/usr/{uuid}: what the booking page shows. The only write is the link's first opening
 * (part 3 §2 funnel), once per buyer: later loads see `openedAt` in what they read and write nothing.
 */
export async function getBuyerView(deps: Deps, uuid: string): Promise<BuyerView> {
  const { planning, meetings, meeting } = await loadBuyerPageState(deps, uuid);
  if (!meeting.openedAt) await recordFirstOpening(deps.store, planning._id, meeting.uuid, deps.now().toISOString());
  const program = await programAppearance.get(planning.projectId, deps.now().getTime(), () => getProgramAppearance(deps.store, planning.projectId));
  const state = buyerState(planning, meeting, deps.now());
  const now = deps.now().getTime();
  const options =
    state === 'choice'
      ? await offeringFor(
          liveCalendar({ ...planning, busyElsewhere: await busyElsewhereOf(deps, planning) }, withHeldStarts(meetings, meeting.uuid, now), now),
          meeting.length,
          remainingDurations(meetings, meeting.uuid),
          now,
        )
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
    // part 1 §2 imposed layout: an imposed planning's page shows the convocation's state.
    ...(planning.templateType === 'promoterImpose' ? { convocation: convocationState(meeting, planning.bookingDeadline, now) } : {}),
    // The earlier-slot waitlist (docs/user-guide.md « Liste d'attente »): a buyer's own booking on a free planning.
    ...(isWaitlistOpen(planning, now) && state === 'booked' && !meeting.forced ? { waitlist: buyerWaitlist(meeting, now) } : {}),
  };
}
