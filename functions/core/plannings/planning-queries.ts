import type { Meeting, Planning } from '../../../shared/domain/planning';
import { z } from 'zod';
import { detailMessages } from '../../../shared/messages/planning-actions';
import { planningReadMessages as readMessages } from '../../../shared/messages/planning-reads';
import { PLANNING_MEETINGS_PAGE, type PlanningDetailAnswer, type PlanningDetailQuery } from '../../../shared/domain/planning-detail-reads';
import { listDeliveries, type Delivery } from '../../data/deliveries-repository';
import { listProgramDrafts } from '../../data/drafts-repository';
import {
  getPlanning,
  listMeetingsPage,
  listProgramPlannings,
  loadPlanningState,
  type MeetingRecord,
  type PlanningState,
} from '../../data/plannings-repository';
import type { Caller } from '../caller';
import type { Deps } from '../../runtime/deps';
import { NotFoundError, ValidationError } from '../errors';
import { loadProgramFor } from '../programs/program-access';
import { wireDraft, type WireDraft } from './drafts';
import { toPlanning } from './planning-view';

export const planningNotFound = detailMessages.notFound;

/** A planning of a program the caller may reach (isolation as for programs). */
export async function loadPlanningFor(deps: Deps, caller: Caller, planningId: string): Promise<PlanningState> {
  const state = await loadPlanningState(deps.db, planningId);
  if (!state) throw new NotFoundError(planningNotFound);
  await loadProgramFor(deps, caller, state.planning.projectId);
  return state;
}

export function toMeeting(record: MeetingRecord): Meeting {
  const { reminderJobId: _job, bookedAt: _bookedAt, icsSequence: _sequence, openedAt: _opened, ...meeting } = record;
  return meeting;
}

// GET /rdv/project/{programId}/plannings
export async function listPlannings(deps: Deps, caller: Caller, programId: string): Promise<{ plannings: Planning[] }> {
  await loadProgramFor(deps, caller, programId);
  return { plannings: (await listProgramPlannings(deps.db, programId)).map(toPlanning) };
}

// GET /rdv/project/{programId}/planning-drafts
export async function listDrafts(deps: Deps, caller: Caller, programId: string): Promise<{ planningDrafts: WireDraft[] }> {
  await loadProgramFor(deps, caller, programId);
  return { planningDrafts: (await listProgramDrafts(deps.db, programId)).map(wireDraft) };
}

/** A page's cursor: the base64url of the last meeting's uuid. A forged one only starts the page elsewhere in the same partition. */
const meetingsCursor = z.string().regex(/^[\w-]{1,64}$/);

function decodeMeetingsCursor(cursor: string): string {
  const parsed = meetingsCursor.safeParse(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!parsed.success) throw new ValidationError(readMessages.invalidMeetingsCursor, [{ path: 'cursor', message: readMessages.invalidMeetingsCursor }]);
  return parsed.data;
}

// GET /rdv/{id}[?cursor=]: the planning with its meetings, 500 a page (docs/architecture.md « Bounded answers »)
export async function getPlanningDetail(deps: Deps, caller: Caller, planningId: string, query: PlanningDetailQuery = {}): Promise<PlanningDetailAnswer> {
  const after = query.cursor === undefined ? undefined : decodeMeetingsCursor(query.cursor);
  // One Get for the access check, then one page of the partition: never the whole planning.
  const planning = await getPlanning(deps.db, planningId);
  if (!planning) throw new NotFoundError(planningNotFound);
  await loadProgramFor(deps, caller, planning.projectId);
  const page = await listMeetingsPage(deps.db, planningId, { after, limit: PLANNING_MEETINGS_PAGE });
  return {
    planning: toPlanning(planning),
    meetings: page.meetings.map(toMeeting),
    ...(page.next === null ? {} : { nextCursor: Buffer.from(page.next, 'utf8').toString('base64url') }),
  };
}

/** One line of the delivery log as staff read it: the delivery and the buyer it went to. */
export type DeliveryLogEntry = Delivery & { buyer?: { lotcomm: string; nom: string } };

// GET /rdv/{id}/deliveries: the delivery log, newest first, each line with its buyer's lot and name
export async function getDeliveries(deps: Deps, caller: Caller, planningId: string): Promise<{ deliveries: DeliveryLogEntry[] }> {
  const state = await loadPlanningFor(deps, caller, planningId);
  const buyers = new Map(state.meetings.map((meeting) => [meeting.uuid, { lotcomm: meeting.guest.lotcomm, nom: meeting.guest.nom }]));
  const deliveries = await listDeliveries(deps.db, planningId);
  return { deliveries: deliveries.map((delivery) => (buyers.has(delivery.meetingUuid) ? { ...delivery, buyer: buyers.get(delivery.meetingUuid) } : delivery)) };
}
