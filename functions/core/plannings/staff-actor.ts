import { getPlanning, type PlanningRecord, type PlanningState } from '../../data/plannings-repository';
import { getUserById } from '../../data/users-repository';
import type { Caller } from '../caller';
import type { Deps } from '../../runtime/deps';
import { imposedMessages } from '../../../shared/domain/imposed-planning';
import { NotFoundError } from '../errors';
import { loadProgramFor } from '../programs/program-access';
import { loadPlanningFor, planningNotFound } from './planning-queries';

/** Who acts, as the history shows it. */
export interface StaffActor {
  userId: string;
  name: string;
  /** The administrator acting as this user (impersonation, part 3 §4): the history names both. */
  impersonator?: { _id: string; name: string };
}

export interface StaffPlanning extends PlanningState {
  actor: StaffActor;
}

/** Actions shared by free and imposed plannings (part 2 §2.5, §2.7) load the planning with these kinds. */
export const bothPlanningKinds = ['promoter', 'promoterImpose'] as const;

/** A planning the caller may act on, without its meetings: what a bulk action's request needs. */
export interface StaffPlanningItem {
  planning: PlanningRecord;
  actor: StaffActor;
}

/** The caller's name for the history (and the administrator's when impersonating). */
async function staffActorOf(deps: Deps, caller: Caller): Promise<StaffActor> {
  const [user, administrator] = await Promise.all([
    getUserById(deps.store, caller.userId),
    caller.impersonatorId ? getUserById(deps.store, caller.impersonatorId) : Promise.resolve(null),
  ]);
  const nameOf = (record: typeof user, fallback: string) => (record ? `${record.firstname} ${record.lastname}`.trim() : fallback);
  const impersonator = caller.impersonatorId ? { _id: caller.impersonatorId, name: nameOf(administrator, caller.impersonatorId) } : undefined;
  return { userId: caller.userId, name: nameOf(user, caller.userId), ...(impersonator ? { impersonator } : {}) };
}

// An imposed-only action (convocation-move) names the imposed planning it did not find.
const notFoundFor = (kinds: readonly string[]) => (kinds.includes('promoter') ? planningNotFound : imposedMessages.notFound);

/**
 * A free planning of a program the caller may reach (staff of the program, or an administrator),
 * with the caller's name for the history.
 */
export async function loadStaffPlanning(deps: Deps, caller: Caller, planningId: string, kinds: readonly string[] = ['promoter']): Promise<StaffPlanning> {
  const notFound = notFoundFor(kinds);
  const [state, actor] = await Promise.all([
    loadPlanningFor(deps, caller, planningId).catch((error: unknown) => {
      throw error instanceof NotFoundError && error.message === planningNotFound ? new NotFoundError(notFound) : error;
    }),
    staffActorOf(deps, caller),
  ]);
  // part 2 §2.5, §2.7: actions shared with imposed plannings pass `kinds`; an imposed-only action names its own not-found text.
  if (!kinds.includes(state.planning.templateType)) throw new NotFoundError(notFound);
  return { ...state, actor };
}

/**
 * As `loadStaffPlanning`, reading the planning's item only: a bulk action on 3,000 buyers answers
 * at once, and its wave reads the meetings (part 2 §5).
 */
export async function loadStaffPlanningItem(
  deps: Deps,
  caller: Caller,
  planningId: string,
  kinds: readonly string[] = ['promoter'],
): Promise<StaffPlanningItem> {
  const notFound = notFoundFor(kinds);
  const [planning, actor] = await Promise.all([getPlanning(deps.store, planningId), staffActorOf(deps, caller)]);
  if (!planning) throw new NotFoundError(notFound);
  await loadProgramFor(deps, caller, planning.projectId);
  if (!kinds.includes(planning.templateType)) throw new NotFoundError(notFound);
  return { planning, actor };
}
