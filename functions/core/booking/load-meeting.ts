import { findMeetingByUuid, loadPlanningState, type MeetingRecord, type PlanningState } from '../../data/plannings-repository';
import type { Deps } from '../../runtime/deps';
import { NotFoundError } from '../errors';
import { bookingMessages } from './booking-messages';

/** The buyer's meeting (by its capability id) and its whole planning, read consistently. */
export async function loadMeetingState(deps: Deps, uuid: string, planningId?: string): Promise<PlanningState & { meeting: MeetingRecord }> {
  const found = await findMeetingByUuid(deps.db, uuid);
  if (!found || (planningId && found.planningId !== planningId)) throw new NotFoundError(bookingMessages.notFound);
  const state = await loadPlanningState(deps.db, found.planningId);
  const meeting = state?.meetings.find((candidate) => candidate.uuid === uuid);
  if (!state || !meeting || state.planning.templateType === 'draft') throw new NotFoundError(bookingMessages.notFound);
  return { ...state, meeting };
}
