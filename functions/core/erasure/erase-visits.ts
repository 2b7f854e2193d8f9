import { deleteVirtualVisit, listProgramVisits, listVirtualVisits, type VirtualVisitRecord } from '../../data/virtual-visits-repository';
import { deleteAllVisitViews } from '../../data/visit-views-repository';
import type { Deps } from '../../runtime/deps';

/** Visits with their view logs (and the logs' reload markers): the logs first, so a re-run finds the visit. */
async function eraseVisits(deps: Deps, visits: VirtualVisitRecord[]): Promise<void> {
  for (const visit of visits) {
    await deleteAllVisitViews(deps.store, visit.uuid);
    await deleteVirtualVisit(deps.store, visit.uuid);
  }
}

/** A deleted program's 3D visits: the public page named its buyer (part 3 §6). */
export async function eraseProgramVisits(deps: Deps, programId: string): Promise<void> {
  await eraseVisits(deps, await listProgramVisits(deps.store, programId));
}

/** A deleted buyer account's 3D visits (sent to its e-mail), whatever their program. */
export async function eraseVisitsSentTo(deps: Deps, email: string): Promise<void> {
  const address = email.toLowerCase();
  await eraseVisits(
    deps,
    (await listVirtualVisits(deps.store)).filter((visit) => visit.email.toLowerCase() === address),
  );
}
