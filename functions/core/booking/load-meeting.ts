import { findMeetingByUuid, loadPlanningState, type MeetingRecord, type PlanningState } from '../../data/plannings-repository';
import { getProgramForDeletion } from '../../data/programs-repository';
import { loadBookingRound, type BookingRoundState } from '../../data/booking-round-repository';
import type { Deps } from '../../runtime/deps';
import { ConflictError, NotFoundError } from '../errors';
import { bookingMessages } from '../../../shared/messages/booking';

/** The planning of the buyer's meeting (by its capability id): a link never changes planning, so no lock is needed to read it. */
export async function meetingPlanningId(deps: Deps, uuid: string, planningId?: string): Promise<string> {
  const found = await findMeetingByUuid(deps.store, uuid);
  if (!found || (planningId && found.planningId !== planningId)) throw new NotFoundError(bookingMessages.notFound);
  return found.planningId;
}

/** What a booking round decides on (the meetings' engine fields, the queue), of a planning that is not a draft. */
export async function loadBookingRoundOf(deps: Deps, planningId: string): Promise<BookingRoundState> {
  const state = await loadBookingRound(deps.store, planningId);
  if (!state) await refuseIfProgramDeleting(deps, planningId);
  if (!state || state.planning.templateType === 'draft') throw new NotFoundError(bookingMessages.notFound);
  return state;
}

/** A planning stopped by its program's deletion: the buyer is told why, not just 'not found'. */
async function refuseIfProgramDeleting(deps: Deps, planningId: string): Promise<void> {
  const stopped = await loadPlanningState(deps.store, planningId, { includeDeleted: true });
  const program = stopped ? await getProgramForDeletion(deps.store, stopped.planning.projectId) : null;
  if (program?.deleting) throw new ConflictError(bookingMessages.programDeleted);
}

/** The buyer's meeting and its whole planning, read consistently. */
export async function loadMeetingStateIn(deps: Deps, planningId: string, uuid: string): Promise<PlanningState & { meeting: MeetingRecord }> {
  const state = await loadPlanningState(deps.store, planningId);
  const meeting = state?.meetings.find((candidate) => candidate.uuid === uuid);
  if (!state || !meeting || state.planning.templateType === 'draft') throw new NotFoundError(bookingMessages.notFound);
  return { ...state, meeting };
}

/** The buyer's meeting (by its capability id) and its whole planning, read consistently. */
export async function loadMeetingState(deps: Deps, uuid: string, planningId?: string): Promise<PlanningState & { meeting: MeetingRecord }> {
  return loadMeetingStateIn(deps, await meetingPlanningId(deps, uuid, planningId), uuid);
}
