import type { LotCandidatesPage, LotPageQuery } from '../../../shared/domain/lot';
import type { Deps } from '../../runtime/deps';
import type { Caller } from '../caller';
import { listProgramLots } from '../lots/lot-pages';
import { loadPlanningFor } from './planning-queries';

/**
 * GET /rdv/{id}/lot-candidates?q=&cursor=&limit=: the lots « Ajouter un acquéreur » may add (part 2
 * §5 'Add buyer to planning'), those of the planning's program not yet in it, in the picker's view.
 * The program's lot page (GET /programs/{id}/clients?view=picker, its cursor and search) with the
 * planning's buyers left out on the server (docs/architecture.md « Bounded answers »): a page may
 * come back short, even empty, with a cursor when the planning holds most of the lots it read.
 */
export async function listLotCandidates(deps: Deps, caller: Caller, planningId: string, query: LotPageQuery): Promise<LotCandidatesPage> {
  const state = await loadPlanningFor(deps, caller, planningId);
  const inPlanning = new Set(state.meetings.map((meeting) => meeting.guest._id));
  const page = await listProgramLots(deps, caller, state.planning.projectId, { ...query, view: 'picker' });
  return { clients: page.clients.filter((lot) => !inPlanning.has(lot._id)), nextCursor: page.nextCursor };
}
