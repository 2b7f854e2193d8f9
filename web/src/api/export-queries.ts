import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { operationStartedSchema, operationViewSchema } from '../../../shared/domain/operation';
import { meetingSchema, planningSchema } from '../../../shared/domain/planning';
import { planningsPageSchema, type PlanningsQuery } from '../../../shared/exports/plannings-query';
import { apiRequest } from './api-client';
import { downloadLinkSchema, type DownloadLink } from './download-link';
import { newIdempotencyKey } from './operation-start';

/** A planning of the consolidated view, with its meetings (POST /plannings-consolides). */
const consolidatedPlanningSchema = planningSchema.extend({ meetings: z.array(meetingSchema) });
export type ConsolidatedPlanning = z.infer<typeof consolidatedPlanningSchema>;

/**
 * What GET /exports/xlsx and GET /rdv/{spec}/print answer: the file's link at once, or above 150
 * buyers in all the `planning-export` operation that makes it (202, docs/api.md).
 */
export const exportAnswerSchema = z.union([downloadLinkSchema, operationStartedSchema]);
export type ExportAnswer = z.infer<typeof exportAnswerSchema>;

/** A link is valid for 5 minutes (docs/api.md « Files handed out by signed links »): read again before. */
const LINK_RENEWAL_MS = 4 * 60_000;

const exportKeys = {
  operationFile: (operationId: string) => ['operations', operationId, 'file'] as const,
  consolidated: (ids: readonly string[]) => ['plannings', 'consolidated', [...ids]] as const,
  crossProgram: (query: Partial<PlanningsQuery>) => ['plannings', 'cross-program', query] as const,
};

/** The query string of GET /plannings/q: only the values set. */
function planningsQueryString(query: Partial<PlanningsQuery>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  return params.toString();
}

/** Shared views and exports of plannings (part 2 §2.9). */
export const exportQueries = {
  /** GET /operations/{id}/file: the link to the file a done `planning-export` operation made. */
  operationFile: (operationId: string) =>
    queryOptions({
      queryKey: exportKeys.operationFile(operationId),
      queryFn: ({ signal }) => apiRequest(`/operations/${encodeURIComponent(operationId)}/file`, { schema: downloadLinkSchema, signal }),
      staleTime: LINK_RENEWAL_MS,
      refetchInterval: LINK_RENEWAL_MS,
      retry: false,
    }),
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

/** An export's request sent with the action's Idempotency-Key: its link, or its operation (above). */
export function requestExport(apiPath: string, idempotencyKey?: string): Promise<ExportAnswer> {
  return apiRequest(apiPath, { schema: exportAnswerSchema, idempotencyKey });
}

/** How often one file's export operation is read while a multi-file export waits for it, and for how long at most. */
const OPERATION_POLL_MS = 1_000;
const OPERATION_WAIT_MS = 5 * 60_000;

/**
 * The link to one file of a multi-file export (one PDF per AMO, part 2 §9): answered at once for
 * a small planning; above 150 buyers the request starts a `planning-export` operation (202) made
 * by its job, followed here until its file is stored (docs/architecture.md « Exports of big
 * plannings »). One key per file: the request sent again never prints twice.
 */
export async function exportFileLink(apiPath: string): Promise<DownloadLink> {
  const answer = await requestExport(apiPath, newIdempotencyKey());
  if (!('operation' in answer)) return answer;
  const operationPath = `/operations/${encodeURIComponent(answer.operation.id)}`;
  for (const deadline = Date.now() + OPERATION_WAIT_MS; Date.now() < deadline;) {
    const operation = await apiRequest(operationPath, { schema: operationViewSchema });
    if (operation.status === 'done') return apiRequest(`${operationPath}/file`, { schema: downloadLinkSchema });
    if (operation.status === 'failed') throw new Error(operation.error?.message ?? operation.status);
    await new Promise((resolve) => setTimeout(resolve, OPERATION_POLL_MS));
  }
  throw new Error('export operation still running');
}
