import { consolidationRefusal } from '../../../shared/exports/consolidation-rule';
import { exportMessages } from '../../../shared/messages/exports';
import type { PlanningState } from '../../data/plannings-repository';
import { getUsersByIds } from '../../data/users-repository';
import type { Caller } from '../caller';
import type { Deps } from '../../runtime/deps';
import { ValidationError } from '../errors';
import { loadPlanningFor } from '../plannings/planning-queries';

/**
 * Plannings taken out together (consolidated view, its XLSX and PDF): each one reachable by the
 * caller, none a draft, all of the same kind (part 2 §5 'Consolidation').
 */
export async function loadExportPlannings(deps: Deps, caller: Caller, planningIds: string[]): Promise<PlanningState[]> {
  const ids = [...new Set(planningIds)];
  if (ids.length === 0) throw new ValidationError(exportMessages.noPlanningSelected);
  const states = await Promise.all(ids.map((id) => loadPlanningFor(deps, caller, id)));
  const refusal = consolidationRefusal(states.map((state) => state.planning.templateType));
  if (refusal) throw new ValidationError(refusal);
  return states;
}

/** The AMOs of the plannings: id → 'Prénom Nom'. */
export async function amoNamesOf(deps: Deps, states: PlanningState[]): Promise<Map<string, string>> {
  const users = await getUsersByIds(
    deps.store,
    states.flatMap((state) => state.planning.amoList),
  );
  return new Map(users.map((user) => [user._id, `${user.firstname} ${user.lastname}`.trim()]));
}
