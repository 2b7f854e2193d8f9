import type { Meeting } from '../../../shared/domain/planning';
import type { CalendarQuery, CalendarVisit, ParticipantsAnswer, ParticipantsQuery, PlanningSummaryAnswer } from '../../../shared/domain/planning-detail-reads';
import { bookingMessages } from '../../../shared/messages/booking';
import { isInRange, toCalendarVisit } from '../../../shared/rules/planning-changes-merge';
import { participantsPage } from '../../../shared/rules/participants-page';
import { planningFigures } from '../../../shared/rules/planning-figures';
import { getMeeting, getPlanning } from '../../data/plannings-repository';
import { loadProgramFor } from '../programs/program-access';
import type { Caller } from '../caller';
import type { Deps } from '../../runtime/deps';
import { NotFoundError } from '../errors';
import { loadPlanningFor, planningNotFound, toMeeting } from './planning-queries';
import { toPlanning } from './planning-view';
import { getAmos } from '../accounts/amos';

/*
 * The planning detail page's reads (part 2 §2.6, §2.7; docs/architecture.md « Live staff screens »):
 * each reads the planning's partition on the server, as GET /rdv/{id} does, but answers only what
 * the page shows, so no answer grows with the planning past a page of buyers or a calendar range.
 */

// GET /rdv/{id}/summary: the planning and its figures, without its meetings
export async function getPlanningSummary(deps: Deps, caller: Caller, planningId: string): Promise<PlanningSummaryAnswer> {
  const state = await loadPlanningFor(deps, caller, planningId);
  const meetings = state.meetings.map(toMeeting);
  const amos = await getAmos(deps, state.planning.amoList);
  // In the planning's order, as the summary lists its team.
  const team = state.planning.amoList.flatMap((id) => amos.filter((amo) => amo._id === id));
  return { planning: toPlanning(state.planning), figures: planningFigures(state.planning, meetings), team };
}

// GET /rdv/{id}/participants: one page of the table, filtered and sorted
export async function listParticipants(deps: Deps, caller: Caller, planningId: string, query: ParticipantsQuery): Promise<ParticipantsAnswer> {
  const state = await loadPlanningFor(deps, caller, planningId);
  return participantsPage(state.planning, state.meetings.map(toMeeting), query);
}

// GET /rdv/{id}/calendar?from=&to=: the placed visits of the calendar's range
export async function listCalendarVisits(deps: Deps, caller: Caller, planningId: string, range: CalendarQuery): Promise<{ visits: CalendarVisit[] }> {
  const state = await loadPlanningFor(deps, caller, planningId);
  return { visits: state.meetings.filter((meeting) => isInRange(meeting, range.from, range.to)).map((meeting) => toCalendarVisit(toMeeting(meeting))) };
}

// GET /rdv/{id}/meetings/{uuid}: one buyer (a visit clicked in the calendar)
export async function getPlanningMeeting(deps: Deps, caller: Caller, planningId: string, uuid: string): Promise<{ meeting: Meeting }> {
  // Two Gets (the planning for the access check, the meeting): never the partition.
  const planning = await getPlanning(deps.store, planningId);
  if (!planning) throw new NotFoundError(planningNotFound);
  await loadProgramFor(deps, caller, planning.projectId);
  const meeting = await getMeeting(deps.store, planningId, uuid);
  if (!meeting) throw new NotFoundError(bookingMessages.notFound);
  return { meeting: toMeeting(meeting) };
}
