import { planningStateTag } from '../../../shared/rules/planning-state-tag';
import type { ListedPlanning, PlanningFilters, PlanningsQuery } from '../../../shared/exports/plannings-query';
import { listProgramPlannings } from '../../data/plannings-repository';
import { listAllPrograms, listProgramAccess, getProgramsByIds } from '../../data/programs-repository';
import type { Caller } from '../caller';
import type { Deps } from '../../runtime/deps';
import { toPlanning } from '../plannings/planning-view';

/** The programs the caller may see: all for administrators, else owned or authorized ones. */
async function visiblePrograms(deps: Deps, caller: Caller) {
  if (caller.role === 'administrator') return listAllPrograms(deps.store);
  const access = await listProgramAccess(deps.store, caller.userId);
  return getProgramsByIds(
    deps.store,
    access.map((item) => item.programId),
  );
}

// GET /plannings/q: the plannings (not drafts) of every program the caller may see, one page
export async function queryPlannings(
  deps: Deps,
  caller: Caller,
  query: PlanningsQuery,
): Promise<{ plannings: ListedPlanning[]; planningFilters: PlanningFilters; totalCount: number }> {
  const programs = await visiblePrograms(deps, caller);
  const now = deps.now();
  const all: ListedPlanning[] = (await Promise.all(programs.map((program) => listProgramPlannings(deps.store, program._id))))
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
  matching.sort(
    (a, b) => direction * (String(a[query.sortField]).localeCompare(String(b[query.sortField]), 'fr', { numeric: true }) || a._id.localeCompare(b._id)),
  );
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
