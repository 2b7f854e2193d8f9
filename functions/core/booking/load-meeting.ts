import { findMeetingByUuid, loadPlanningState, type MeetingRecord, type PlanningState } from '../../data/plannings-repository';
import type { Deps } from '../../runtime/deps';
import { NotFoundError } from '../errors';
import { bookingMessages } from './booking-messages';

/** The planning of the buyer's meeting (by its capability id): a link never changes planning, so no lock is needed to read it. */
export async function meetingPlanningId(deps: Deps, uuid: string, planningId?: string): Promise<string> {
  const found = await findMeetingByUuid(deps.db, uuid);
  if (!found || (planningId && found.planningId !== planningId)) throw new NotFoundError(bookingMessages.notFound);
  return found.planningId;
}

/** A planning (not a draft) and its meetings, read consistently. */
export async function loadBookablePlanning(deps: Deps, planningId: string): Promise<PlanningState> {
  const state = await loadPlanningState(deps.db, planningId);
  if (!state || state.planning.templateType === 'draft') throw new NotFoundError(bookingMessages.notFound);
  return state;
}

/** The buyer's meeting and its whole planning, read consistently. */
export async function loadMeetingStateIn(deps: Deps, planningId: string, uuid: string): Promise<PlanningState & { meeting: MeetingRecord }> {
  const state = await loadPlanningState(deps.db, planningId);
  const meeting = state?.meetings.find((candidate) => candidate.uuid === uuid);
  if (!state || !meeting || state.planning.templateType === 'draft') throw new NotFoundError(bookingMessages.notFound);
  return { ...state, meeting };
}

/** The buyer's meeting (by its capability id) and its whole planning, read consistently. */
export async function loadMeetingState(deps: Deps, uuid: string, planningId?: string): Promise<PlanningState & { meeting: MeetingRecord }> {
  return loadMeetingStateIn(deps, await meetingPlanningId(deps, uuid, planningId), uuid);
}
