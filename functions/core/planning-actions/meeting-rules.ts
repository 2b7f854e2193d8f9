import { judgeStaffChange } from '../../../shared/scheduling/strand-check';
import { confirmUndecided, waitingBuyers } from './strand-warning';
import { SCHEDULING_MESSAGES } from '../../../shared/messages/scheduling';
import type { MeetingRecord, PlanningRecord, PlanningState } from '../../data/plannings-repository';
import { NotFoundError, ValidationError } from '../errors';
import { NoSolutionError } from '../plannings/create-free-planning';
import { liveCalendar, type LivePlanning } from '../../../shared/scheduling/live-calendar';
import { actionMessages } from '../../../shared/messages/planning-actions';

export function findMeeting(state: PlanningState, uuid: string): MeetingRecord {
  const meeting = state.meetings.find((candidate) => candidate.uuid === uuid);
  if (!meeting) throw new NotFoundError(actionMessages.meetingNotFound);
  return meeting;
}

/** The selected meetings, all of them, each passing `allowed`; otherwise the selection is refused. */
export function selectMeetings(state: PlanningState, uuids: string[], allowed: (meeting: MeetingRecord) => boolean): MeetingRecord[] {
  const wanted = new Set(uuids);
  const selected = state.meetings.filter((meeting) => wanted.has(meeting.uuid));
  if (selected.length !== wanted.size || !selected.every(allowed)) throw new ValidationError(actionMessages.invalidSelection);
  return selected;
}

/** The meeting once its visit is cancelled: the slot is freed, it waits for a booking again. */
export function withoutBooking(meeting: MeetingRecord): MeetingRecord {
  // Without a visit there is nothing to move earlier: the waitlist request and its hold go too.
  return { ...meeting, isBooked: false, forced: null, start: null, end: null, amoNb: null, bookedAt: undefined, waitAskedAt: undefined, waitHold: undefined };
}

/**
 * The engine's check when a buyer joins the buyers to place (added, or made active or available
 * again): every buyer still to be placed (active, available, not booked) must fit in the planning
 * from now + its minimum notice on (part 2 §4: past time is no capacity), otherwise 422
 * 'Pas de solution' with the engine's reason. When some could already not be placed before
 * (time has passed, or staff confirmed a stranding move), the change is refused only if it
 * leaves more buyers out than before. The staff paths' one comparison (judgeStaffChange): when
 * its budget cannot settle it, 409 asks the staff to confirm (`confirmStrand`).
 */
export function assertEveryoneFits(
  /** With the named AMOs' time elsewhere (`busyElsewhereOf`): a buyer who fits only there does not fit. */
  planning: PlanningRecord & Pick<LivePlanning, 'busyElsewhere'>,
  before: readonly MeetingRecord[],
  after: readonly MeetingRecord[],
  now: number,
  confirmStrand?: boolean,
): void {
  const calendar = liveCalendar(planning, after, now);
  const verdict = judgeStaffChange(
    { calendar, waiting: waitingBuyers(before, undefined, false) },
    { calendar, waiting: waitingBuyers(after, undefined, false) },
  );
  if (verdict.kind === 'strands') throw new NoSolutionError({ reason: SCHEDULING_MESSAGES.notEnoughTime });
  confirmUndecided(verdict, confirmStrand);
}
