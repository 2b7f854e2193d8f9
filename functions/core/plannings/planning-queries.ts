import { z } from 'zod';
import type { DeliveryLogCounts, DeliveryLogQuery } from '../../../shared/domain/delivery-log';
import type { Meeting, Planning } from '../../../shared/domain/planning';
import { deliveryLogMessages, planningReadMessages } from '../../../shared/messages/planning-reads';
import { PLANNING_MEETINGS_PAGE, type PlanningDetailAnswer, type PlanningDetailQuery } from '../../../shared/domain/planning-detail-reads';
import { detailMessages } from '../../../shared/messages/planning-actions';
import { getDeliveryCounts, listDeliveryPage, type Delivery } from '../../data/deliveries-repository';
import { listProgramDrafts } from '../../data/drafts-repository';
import {
  getPlanning,
  listMeetingsPage,
  listProgramPlannings,
  loadPlanningState,
  loadPlanningWithMeetings,
  type MeetingRecord,
  type PlanningState,
} from '../../data/plannings-repository';
import type { Caller } from '../caller';
import type { Deps } from '../../runtime/deps';
import { NotFoundError } from '../errors';
import { decodePageCursor, encodePageCursor } from '../paging/page-cursor';
import { loadProgramFor } from '../programs/program-access';
import { wireDraft, type WireDraft } from './drafts';
import { toPlanning } from './planning-view';

export const planningNotFound = detailMessages.notFound;

/** A planning of a program the caller may reach (isolation as for programs). */
export async function loadPlanningFor(deps: Deps, caller: Caller, planningId: string): Promise<PlanningState> {
  const state = await loadPlanningState(deps.store, planningId);
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
  return { plannings: (await listProgramPlannings(deps.store, programId)).map(toPlanning) };
}

// GET /rdv/project/{programId}/planning-drafts
export async function listDrafts(deps: Deps, caller: Caller, programId: string): Promise<{ planningDrafts: WireDraft[] }> {
  await loadProgramFor(deps, caller, programId);
  return { planningDrafts: (await listProgramDrafts(deps.store, programId)).map(wireDraft) };
}

/** A page's cursor: the last meeting's uuid. A forged one only starts the page elsewhere in the same partition. */
const meetingsPosition = z.string().regex(/^[\w-]{1,64}$/);

// GET /rdv/{id}[?cursor=]: the planning with its meetings, 500 a page (docs/architecture.md « Bounded answers »)
export async function getPlanningDetail(deps: Deps, caller: Caller, planningId: string, query: PlanningDetailQuery = {}): Promise<PlanningDetailAnswer> {
  const after = query.cursor === undefined ? undefined : decodePageCursor(query.cursor, meetingsPosition, planningReadMessages.invalidMeetingsCursor);
  // One Get for the access check, then one page of the partition: never the whole planning.
  const planning = await getPlanning(deps.store, planningId);
  if (!planning) throw new NotFoundError(planningNotFound);
  await loadProgramFor(deps, caller, planning.projectId);
  const page = await listMeetingsPage(deps.store, planningId, { after, limit: PLANNING_MEETINGS_PAGE });
  return {
    planning: toPlanning(planning),
    meetings: page.meetings.map(toMeeting),
    ...(page.next === null ? {} : { nextCursor: encodePageCursor(page.next) }),
  };
}

/** One line of the delivery log as staff read it: the delivery and the buyer it went to. */
export type DeliveryLogEntry = Delivery & { buyer?: { lotcomm: string; nom: string } };

/** A cursor is the sort key of the page's last line (`DELIVERY#<at>#<id>`), in the planning's own log. */
const deliveryPosition = z
  .string()
  .max(600)
  .regex(/^DELIVERY#\d{4}-\d{2}-\d{2}T[\d:.]+Z#\S+$/);

/**
 * GET /rdv/{id}/deliveries: a page of the delivery log, newest first, each line with its buyer's
 * lot and name (docs/architecture.md « Bounded answers »). The planning item and only the page's
 * buyers are read (one BatchGet), never the planning's meetings: a page costs the same at 20 or
 * 10,000 buyers.
 */
export async function getDeliveries(
  deps: Deps,
  caller: Caller,
  planningId: string,
  query: DeliveryLogQuery,
): Promise<{ deliveries: DeliveryLogEntry[]; nextCursor: string | null; counts: DeliveryLogCounts }> {
  const planning = await getPlanning(deps.store, planningId);
  if (!planning) throw new NotFoundError(planningNotFound);
  await loadProgramFor(deps, caller, planning.projectId);
  const after = query.cursor === undefined ? undefined : decodePageCursor(query.cursor, deliveryPosition, deliveryLogMessages.invalidCursor);
  const [page, counts] = await Promise.all([
    listDeliveryPage(deps.store, planningId, { after, limit: query.limit, status: query.status }),
    getDeliveryCounts(deps.store, planningId),
  ]);
  const state = await loadPlanningWithMeetings(deps.store, planningId, [...new Set(page.deliveries.map((delivery) => delivery.meetingUuid))]);
  const buyers = new Map((state?.meetings ?? []).map((meeting) => [meeting.uuid, { lotcomm: meeting.guest.lotcomm, nom: meeting.guest.nom }]));
  return {
    deliveries: page.deliveries.map((delivery) => (buyers.has(delivery.meetingUuid) ? { ...delivery, buyer: buyers.get(delivery.meetingUuid) } : delivery)),
    nextCursor: page.next === null ? null : encodePageCursor(page.next),
    counts,
  };
}
