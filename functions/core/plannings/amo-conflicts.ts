/**
 * Conflicts said where staff decide (docs/scheduling.md « One person, one calendar »): the times
 * a planning's named AMOs already work on other plannings or took off, for the creation and edit
 * forms (before saving) and the planning page (« Temps déjà pris ailleurs »).
 */
import type { z } from 'zod';
import type { AmoConflict } from '../../../shared/scheduling/amo-calendar';
import type { amoConflictsRequestSchema } from '../../../shared/domain/amo-calendar-requests';
import type { Caller } from '../caller';
import type { Deps } from '../../runtime/deps';
import { loadProgramFor } from '../programs/program-access';
import { getPlanning } from '../../data/plannings-repository';
import { conflictsOf, NOT_CREATED_YET } from './amo-time-elsewhere';
import { loadPlanningFor } from './planning-queries';

export interface AmoConflictsAnswer {
  conflicts: AmoConflict[];
}

// POST /rdv/amo-conflicts: a planning being created (or edited: its id) against its AMOs' other plannings and days off.
export async function draftAmoConflicts(deps: Deps, caller: Caller, request: z.infer<typeof amoConflictsRequestSchema>): Promise<AmoConflictsAnswer> {
  await loadProgramFor(deps, caller, request.projectId);
  const found = request.planningId ? await getPlanning(deps.store, request.planningId) : null;
  const existing = found?.projectId === request.projectId ? found : null;
  const planning = {
    _id: existing?._id ?? '',
    projectId: request.projectId,
    // A planning not created yet names its AMOs after every planning that exists: it is ranked last.
    createdAt: existing?.createdAt ?? NOT_CREATED_YET,
    amoList: request.amoList,
    areAmosAssigned: request.areAmosAssigned,
    events: request.events,
    extraAvailable: existing?.extraAvailable ?? [],
  };
  return { conflicts: await conflictsOf(deps, planning) };
}

// GET /rdv/{id}/amo-elsewhere: the planning page's « Temps déjà pris ailleurs ».
export async function planningAmoConflicts(deps: Deps, caller: Caller, planningId: string): Promise<AmoConflictsAnswer> {
  const { planning } = await loadPlanningFor(deps, caller, planningId);
  return { conflicts: await conflictsOf(deps, planning) };
}
