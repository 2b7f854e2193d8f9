import { z } from 'zod';
import { phaseSchema, type Planning } from '../../../shared/domain/planning';
import { planningStates, planningStateTag, type PlanningState } from '../../../shared/rules/planning-state-tag';
import { listProgramPlannings } from '../../data/plannings-repository';
import { listAllPrograms, listProgramAccess, getProgramsByIds } from '../../data/programs-repository';
import type { Caller } from '../../http/authenticate';
import type { Deps } from '../../runtime/deps';
import { toPlanning } from '../plannings/planning-view';

/** The sortable columns of the cross-program list. */
const sortFields = ['name', 'projectName', 'createdAt', 'planningStartTime', 'bookingDeadline'] as const;

/** GET /plannings/q: pagination (10 a page, part 2 §9), filters and sorter (part 3 §7). */
export const planningsQuerySchema = z.object({
  current: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  programId: z.string().regex(/^[a-f0-9]{24}$/).optional(),
  phase: phaseSchema.optional(),
  kind: z.enum(['free', 'imposed']).optional(),
  state: z.enum(planningStates).optional(),
  sortField: z.enum(sortFields).default('createdAt'),
  sortOrder: z.enum(['ascend', 'descend']).default('descend'),
});
export type PlanningsQuery = z.infer<typeof planningsQuerySchema>;

export type ListedPlanning = Planning & { state: PlanningState; kind: 'free' | 'imposed' };

export interface PlanningFilters {
  programs: { id: string; name: string }[];
  phases: Planning['phase'][];
  kinds: ('free' | 'imposed')[];
  states: PlanningState[];
}

/** The programs the caller may see: all for administrators, else owned or authorized ones. */
async function visiblePrograms(deps: Deps, caller: Caller) {
  if (caller.role === 'administrator') return listAllPrograms(deps.db);
  const access = await listProgramAccess(deps.db, caller.userId);
  return getProgramsByIds(deps.db, access.map((item) => item.programId));
}

// GET /plannings/q: the plannings (not drafts) of every program the caller may see, one page
export async function queryPlannings(deps: Deps, caller: Caller, query: PlanningsQuery): Promise<{ plannings: ListedPlanning[]; planningFilters: PlanningFilters; totalCount: number }> {
  const programs = await visiblePrograms(deps, caller);
  const now = deps.now();
  const all: ListedPlanning[] = (await Promise.all(programs.map((program) => listProgramPlannings(deps.db, program._id))))
    .flat()
    .filter((planning) => planning.templateType === 'promoter' || planning.templateType === 'promoterImpose')
    .map((record) => ({ ...toPlanning(record), state: planningStateTag(record, now), kind: record.templateType === 'promoterImpose' ? 'imposed' : 'free' }));
  const matching = all.filter(
    (planning) =>
      (!query.programId || planning.projectId === query.programId) &&
      (!query.phase || planning.phase === query.phase) &&
      (!query.kind || planning.kind === query.kind) &&
      (!query.state || planning.state === query.state),
  );
  const direction = query.sortOrder === 'ascend' ? 1 : -1;
  matching.sort((a, b) => direction * (String(a[query.sortField]).localeCompare(String(b[query.sortField]), 'fr', { numeric: true }) || a._id.localeCompare(b._id)));
  const start = (query.current - 1) * query.pageSize;
  return {
    plannings: matching.slice(start, start + query.pageSize),
    planningFilters: {
      programs: programs.map((program) => ({ id: program._id, name: program.name })).sort((a, b) => a.name.localeCompare(b.name, 'fr')),
      phases: [...new Set(all.map((planning) => planning.phase))],
      kinds: [...new Set(all.map((planning) => planning.kind))],
      states: [...new Set(all.map((planning) => planning.state))],
    },
    totalCount: matching.length,
  };
}
