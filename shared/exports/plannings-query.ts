import { z } from 'zod';
import { phaseSchema, planningSchema } from '../domain/planning';
import { planningStates } from '../rules/planning-state-tag';
import { objectIdSchema } from '../domain/ids';

/** The sortable columns of the cross-program list. */
const planningSortFields = ['name', 'projectName', 'createdAt', 'planningStartTime', 'bookingDeadline'] as const;
export type PlanningSortField = (typeof planningSortFields)[number];

/** Part 2 §9 'plannings list 10'. */
export const CROSS_PROGRAM_PAGE_SIZE = 10;

/**
 * GET /plannings/q (part 2 §2.3 cross-program list, part 3 §7): pagination, filters and sorter.
 * Shared so that the list page (/promoter/plannings, /amo/plannings) builds the query the server parses.
 */
export const planningsQuerySchema = z.object({
  current: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(CROSS_PROGRAM_PAGE_SIZE),
  programId: objectIdSchema().optional(),
  phase: phaseSchema.optional(),
  kind: z.enum(['free', 'imposed']).optional(),
  state: z.enum(planningStates).optional(),
  sortField: z.enum(planningSortFields).default('createdAt'),
  sortOrder: z.enum(['ascend', 'descend']).default('descend'),
});
export type PlanningsQuery = z.infer<typeof planningsQuerySchema>;

const listedPlanningSchema = planningSchema.extend({ state: z.enum(planningStates), kind: z.enum(['free', 'imposed']) });
export type ListedPlanning = z.infer<typeof listedPlanningSchema>;

const planningFiltersSchema = z.object({
  programs: z.array(z.object({ id: z.string(), name: z.string() })),
  phases: z.array(phaseSchema),
  kinds: z.array(z.enum(['free', 'imposed'])),
  states: z.array(z.enum(planningStates)),
});
export type PlanningFilters = z.infer<typeof planningFiltersSchema>;

/** The answer: one page of plannings, the filters' choices and the count of every matching planning. */
export const planningsPageSchema = z.object({ plannings: z.array(listedPlanningSchema), planningFilters: planningFiltersSchema, totalCount: z.number().int() });
