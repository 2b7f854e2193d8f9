import { virtualVisitMessages } from '../../../shared/messages/virtual-visits';
import { messages } from '../../../shared/messages/common';
import { getVirtualVisit, type VirtualVisitRecord } from '../../data/virtual-visits-repository';
import type { Caller } from '../caller';
import type { Deps } from '../../runtime/deps';
import { ForbiddenError, NotFoundError } from '../errors';
import { loadProgramFor } from '../programs/program-access';

/** Who manages every visit: the admin page /admin/visites and the moderators' /visites (part 3 §2, §6). */
export const visitManagers = ['administrator', 'moderator'] as const;
export const visitStaff = ['administrator', 'moderator', 'promoter', 'amo'] as const;

function managesAllVisits(caller: Caller): boolean {
  return (visitManagers as readonly string[]).includes(caller.role);
}

/**
 * A visit the caller may change: administrators and moderators any; promoters and AMOs only a
 * buyer's visit of a program they reach (the program's visites-3d page).
 */
export async function loadVisitFor(deps: Deps, caller: Caller, uuid: string): Promise<VirtualVisitRecord> {
  const visit = await getVirtualVisit(deps.store, uuid);
  if (!visit) throw new NotFoundError(virtualVisitMessages.notFound);
  if (managesAllVisits(caller)) return visit;
  if (!visit.programId) throw new ForbiddenError(messages.forbidden);
  await loadProgramFor(deps, caller, visit.programId);
  return visit;
}
