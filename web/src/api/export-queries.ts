import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { meetingSchema, planningSchema } from '../../../shared/domain/planning';
import { planningsPageSchema, type PlanningsQuery } from '../../../shared/exports/plannings-query';
import { apiRequest } from './api-client';

/** A planning of the consolidated view, with its meetings (POST /plannings-consolides). */
export const consolidatedPlanningSchema = planningSchema.extend({ meetings: z.array(meetingSchema) });
export type ConsolidatedPlanning = z.infer<typeof consolidatedPlanningSchema>;

export const exportKeys = {
  consolidated: (ids: readonly string[]) => ['plannings', 'consolidated', [...ids]] as const,
  crossProgram: (query: Partial<PlanningsQuery>) => ['plannings', 'cross-program', query] as const,
};

/** The query string of GET /plannings/q: only the values set. */
export function planningsQueryString(query: Partial<PlanningsQuery>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  return params.toString();
}

/** Shared views and exports of plannings (part 2 §2.9). */
export const exportQueries = {
  /** POST /plannings-consolides {_id}: the consolidated view (part 2 §2.8); 400 for mixed types or drafts. */
  consolidated: (ids: readonly string[]) =>
    queryOptions({
      queryKey: exportKeys.consolidated(ids),
      queryFn: async ({ signal }) =>
        (
          await apiRequest('/plannings-consolides', {
            method: 'POST',
            body: { _id: ids },
            schema: z.object({ plannings: z.array(consolidatedPlanningSchema) }),
            signal,
          })
        ).plannings,
      retry: false,
    }),
  /** GET /plannings/q: one page of the cross-program list (part 2 §2.3), the previous page kept while the next loads. */
  crossProgram: (query: Partial<PlanningsQuery>) =>
    queryOptions({
      queryKey: exportKeys.crossProgram(query),
      queryFn: ({ signal }) => apiRequest(`/plannings/q?${planningsQueryString(query)}`, { schema: planningsPageSchema, signal }),
      placeholderData: keepPreviousData,
      retry: false,
    }),
};

/** A calendar export (ICS, small text) as a Blob, fetched with the session token; PDF and XLSX come as links (download-link.ts). */
export function fetchExportFile(apiPath: string): Promise<Blob> {
  return apiRequest<Blob>(apiPath, { responseType: 'blob' });
}
