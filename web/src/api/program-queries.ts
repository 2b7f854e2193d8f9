import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from './api-client';

export const programSummarySchema = z.object({
  _id: z.string(),
  name: z.string(),
  promotername: z.string().optional().default(''),
  isArchived: z.boolean().optional(),
});
export type ProgramSummary = z.infer<typeof programSummarySchema>;

const programListSchema = z.union([
  z.array(programSummarySchema),
  z.object({ programs: z.array(programSummarySchema) }).transform((value) => value.programs),
]);

export interface ProgramListFilters {
  isActifSelected: boolean;
  isArchivedSelected: boolean;
}

export const programKeys = {
  all: ['programs'] as const,
  list: (scope: 'admin' | 'mine', filters: ProgramListFilters) => [...programKeys.all, 'list', scope, filters] as const,
};

export const programQueries = {
  /** GET /admin/programs (administrator) or GET /users/me/programs, with the Actifs/Archivés filters (part 3 §7). */
  list: (scope: 'admin' | 'mine', filters: ProgramListFilters) =>
    queryOptions({
      queryKey: programKeys.list(scope, filters),
      queryFn: ({ signal }) => {
        const params = new URLSearchParams({
          isActifSelected: String(filters.isActifSelected),
          isArchivedSelected: String(filters.isArchivedSelected),
        });
        const path = scope === 'admin' ? '/admin/programs' : '/users/me/programs';
        return apiRequest(`${path}?${params.toString()}`, { schema: programListSchema, signal });
      },
    }),
};
