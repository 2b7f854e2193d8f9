import type { TableProps } from '@cloudscape-design/components/table';
import { phaseLabels } from '../../../../shared/domain/planning';
import {
  CROSS_PROGRAM_PAGE_SIZE,
  type ListedPlanning,
  type PlanningFilters,
  type PlanningSortField,
  type PlanningsQuery,
} from '../../../../shared/exports/plannings-query';
import { crossProgramFilterLabels, planningKindLabels } from '../../../../shared/messages/planning-list';

/** The state of the cross-program list's controls (part 2 §2.3): page, filters, sorter. */
export interface CrossProgramState {
  page: number;
  programId: string;
  phase: string;
  kind: string;
  state: string;
  sortField: PlanningSortField;
  descending: boolean;
}

export const initialCrossProgramState: CrossProgramState = { page: 1, programId: '', phase: '', kind: '', state: '', sortField: 'createdAt', descending: true };

export const kindLabels = { free: planningKindLabels.free, imposed: planningKindLabels.imposed } as const;

/** The GET /plannings/q parameters of the controls: 10 a page, only the filters chosen. */
export function crossProgramQuery(state: CrossProgramState): Partial<PlanningsQuery> {
  return {
    current: state.page,
    pageSize: CROSS_PROGRAM_PAGE_SIZE,
    programId: state.programId || undefined,
    phase: (state.phase || undefined) as PlanningsQuery['phase'],
    kind: (state.kind || undefined) as PlanningsQuery['kind'],
    state: (state.state || undefined) as PlanningsQuery['state'],
    sortField: state.sortField,
    sortOrder: state.descending ? 'descend' : 'ascend',
  };
}

export const pagesCountOf = (totalCount: number): number => Math.max(1, Math.ceil(totalCount / CROSS_PROGRAM_PAGE_SIZE));

/** The options of the four filters, each with 'Tous' first, from the server's planningFilters. */
export function filterOptions(filters: PlanningFilters | undefined) {
  const all = (label: string) => ({ value: '', label });
  return {
    programs: [all(crossProgramFilterLabels.allPrograms), ...(filters?.programs ?? []).map((program) => ({ value: program.id, label: program.name }))],
    phases: [all(crossProgramFilterLabels.allPhases), ...(filters?.phases ?? []).map((phase) => ({ value: phase, label: phaseLabels[phase] }))],
    kinds: [all(crossProgramFilterLabels.allKinds), ...(filters?.kinds ?? []).map((kind) => ({ value: kind, label: kindLabels[kind] }))],
    states: [all(crossProgramFilterLabels.allStates), ...(filters?.states ?? []).map((state) => ({ value: state, label: state }))],
  };
}

/** Column id → the server's sort field (the columns that may be sorted). */
export const sortableColumns: Record<string, PlanningSortField> = {
  name: 'name',
  program: 'projectName',
  period: 'planningStartTime',
  deadline: 'bookingDeadline',
  created: 'createdAt',
};

export function sortingColumnOf(field: PlanningSortField): TableProps.SortingColumn<ListedPlanning> {
  const id = Object.entries(sortableColumns).find(([, value]) => value === field)?.[0] ?? 'created';
  return { sortingField: id };
}
