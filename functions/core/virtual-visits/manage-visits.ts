import { visitStatus, type VirtualVisitView } from '../../../shared/domain/virtual-visit';
import { virtualVisitMessages, visitDeletionCounts } from '../../../shared/messages/virtual-visits';
import { clearMeetingVrUuid, deleteVirtualVisit, listVirtualVisits, updateVisitEndDate, type VirtualVisitRecord } from '../../data/virtual-visits-repository';
import { listVisitPromoters, type VisitPromoter } from '../../data/visit-promoters-repository';
import type { Caller } from '../caller';
import type { Deps } from '../../runtime/deps';
import { NotFoundError } from '../errors';
import { visitInstant } from './create-visit';
import { loadVisitFor } from './visit-access';

/** A stored visit as staff lists show it: status recomputed from the end date (part 3 §4). */
export function toVisitView(visit: VirtualVisitRecord, promoters: Map<string, VisitPromoter>, nowMs: number): VirtualVisitView {
  const status = visitStatus(visit.endDate, nowMs);
  const { createdAt: _createdAt, createdBy: _createdBy, ...rest } = visit;
  return { ...rest, promoterName: promoters.get(visit.promoter)?.name ?? '', status, isActive: status === 'active' };
}

export async function promotersById(deps: Deps): Promise<Map<string, VisitPromoter>> {
  return new Map((await listVisitPromoters(deps.store)).map((promoter) => [promoter._id, promoter]));
}

/** GET /vv-open (administrators and moderators): every visit, newest first. */
export async function listAllVisits(deps: Deps): Promise<{ visits: VirtualVisitView[] }> {
  const [visits, promoters] = await Promise.all([listVirtualVisits(deps.store), promotersById(deps)]);
  const now = deps.now().getTime();
  return { visits: visits.map((visit) => toVisitView(visit, promoters, now)) };
}

/**
 * POST /vv/multiple {uuids} (part 2 §7): the visits of these uuids, as the program's visites-3d
 * table reads them. An unknown uuid is left out (a visit deleted meanwhile); one the caller may not
 * see refuses the whole call.
 */
export async function listVisitsByUuids(deps: Deps, caller: Caller, uuids: string[]): Promise<{ visits: VirtualVisitView[] }> {
  const found = await Promise.all(
    [...new Set(uuids)].map(async (uuid) => {
      try {
        return await loadVisitFor(deps, caller, uuid);
      } catch (error) {
        if (error instanceof NotFoundError) return null;
        throw error;
      }
    }),
  );
  const promoters = await promotersById(deps);
  const now = deps.now().getTime();
  return { visits: found.filter((visit): visit is VirtualVisitRecord => !!visit).map((visit) => toVisitView(visit, promoters, now)) };
}

/**
 * PATCH /vv/{id}: a new end date; the state follows from it. An end date in the past is allowed
 * (even before the start): it is how staff expire a link at once.
 */
export async function changeVisitEndDate(deps: Deps, caller: Caller, uuid: string, endDate: string): Promise<{ visit: VirtualVisitView; message: string }> {
  const visit = await loadVisitFor(deps, caller, uuid);
  const end = visitInstant(endDate, 'end');
  if (!(await updateVisitEndDate(deps.store, uuid, end))) throw new NotFoundError(virtualVisitMessages.notFound);
  return { visit: toVisitView({ ...visit, endDate: end }, await promotersById(deps), deps.now().getTime()), message: virtualVisitMessages.endDateSaved };
}

/** Removes one visit; a buyer's visit also leaves the buyer's entry of the planning (vrUuid). */
export async function removeVisit(deps: Deps, visit: VirtualVisitRecord): Promise<void> {
  await deleteVirtualVisit(deps.store, visit.uuid);
  if (visit.planningId && visit.meetingUuid) await clearMeetingVrUuid(deps.store, visit.planningId, visit.meetingUuid, visit.uuid, deps.now().toISOString());
}

/** DELETE /vv/{id}. */
export async function deleteVisit(deps: Deps, caller: Caller, uuid: string): Promise<{ message: string }> {
  await removeVisit(deps, await loadVisitFor(deps, caller, uuid));
  return { message: virtualVisitMessages.deleted };
}

/**
 * POST /vv/delete-multiple: every chosen visit the caller may change is deleted; the answer counts
 * them. All are checked before any is removed, so a refused one leaves the others in place.
 */
export async function deleteVisits(deps: Deps, caller: Caller, uuids: string[]): Promise<{ done: number; message: string }> {
  const visits = await Promise.all([...new Set(uuids)].map((uuid) => loadVisitFor(deps, caller, uuid)));
  for (const visit of visits) await removeVisit(deps, visit);
  return { done: visits.length, message: visitDeletionCounts.visits(visits.length) };
}
