import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { amoSummarySchema } from '../../../shared/domain/account';
import { deliveryLogPageSchema, type DeliveryLogEntry, type DeliveryLogQuery } from '../../../shared/domain/delivery-log';
import { planningSchema } from '../../../shared/domain/planning';
import { isSmallDuration } from '../../../shared/scheduling/phase-durations';
import { SimulationDataSchema, SimulationOutputSchema, type SimulationData, type SimulationInput } from '../../../shared/scheduling/schemas';
import { apiRequest } from './api-client';
import { ApiError } from './api-error';
import { sendToUploadTarget, uploadTargetSchema } from './client-queries';

/** A saved creation form (part 2 §3 'Planning draft'): `data` is the whole form state as JSON. */
const planningDraftSchema = z.object({
  _id: z.string(),
  name: z.string(),
  projectId: z.string(),
  templateType: z.enum(['draft', 'draftImpose']),
  updatedAt: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type PlanningDraft = z.infer<typeof planningDraftSchema>;

export type { DeliveryLogEntry };

/** Which lines the delivery log shows: all of them, the failed ones or those still queued (filtered on the server). */
export type DeliveryFilter = 'all' | NonNullable<DeliveryLogQuery['status']>;

const messageSchema = z.object({ message: z.string() });
const draftAnswerSchema = z.object({ planningDraft: planningDraftSchema, message: z.string().optional() });
const attachmentAnswerSchema = z.object({ attachmentId: z.string(), filename: z.string() });

/** Lines of the delivery log a « Charger plus » adds. */
const deliveriesPerPage = 100;

/** How often an open list of plannings is read again (a booking shows within 5 s). */
const planningListPollMs = 3_000;

export const planningKeys = {
  all: ['plannings'] as const,
  list: (programId: string) => [...planningKeys.all, 'list', programId] as const,
  drafts: (programId: string) => [...planningKeys.all, 'drafts', programId] as const,
  draft: (id: string) => [...planningKeys.all, 'draft', id] as const,
  deliveries: (planningId: string, filter: DeliveryFilter = 'all') => [...planningKeys.all, 'deliveries', planningId, filter] as const,
  amos: (ids: readonly string[]) => ['amos', 'by-ids', [...ids].sort()] as const,
};

const programPath = (programId: string, rest: string) => `/rdv/project/${encodeURIComponent(programId)}${rest}`;

export const planningQueries = {
  /** GET /rdv/project/{programId}/plannings. */
  list: (programId: string) =>
    queryOptions({
      queryKey: planningKeys.list(programId),
      queryFn: async ({ signal }) =>
        (await apiRequest(programPath(programId, '/plannings'), { schema: z.object({ plannings: z.array(planningSchema) }), signal })).plannings,
      // Invitations leave in the background after a creation, buyers book and other staff members
      // act meanwhile: the list follows the server within 5 s (part 2 §2.6). It holds the plannings'
      // counters only, never their meetings: a read of a few kilobytes.
      refetchOnWindowFocus: true,
      refetchInterval: planningListPollMs,
    }),
  /** GET /rdv/project/{programId}/planning-drafts. */
  drafts: (programId: string) =>
    queryOptions({
      queryKey: planningKeys.drafts(programId),
      queryFn: async ({ signal }) =>
        (await apiRequest(programPath(programId, '/planning-drafts'), { schema: z.object({ planningDrafts: z.array(planningDraftSchema) }), signal }))
          .planningDrafts,
    }),
  /** GET /rdv-draft/{id}: 404 'Impossible de charger le brouillon.'. */
  draft: (id: string) =>
    queryOptions({
      queryKey: planningKeys.draft(id),
      queryFn: async ({ signal }) => (await apiRequest(`/rdv-draft/${encodeURIComponent(id)}`, { schema: draftAnswerSchema, signal })).planningDraft,
      retry: false,
      staleTime: Infinity,
    }),
  /**
   * GET /rdv/{id}/deliveries?cursor&status: what was sent to the buyers (queued, sent, failed with
   * the reason), newest first, a page at a time (docs/architecture.md « Bounded answers »).
   */
  deliveries: (planningId: string, filter: DeliveryFilter) =>
    infiniteQueryOptions({
      queryKey: planningKeys.deliveries(planningId, filter),
      initialPageParam: null as string | null,
      queryFn: ({ signal, pageParam }) =>
        apiRequest(
          `/rdv/${encodeURIComponent(planningId)}/deliveries?${new URLSearchParams({
            limit: String(deliveriesPerPage),
            ...(filter === 'all' ? {} : { status: filter }),
            ...(pageParam ? { cursor: pageParam } : {}),
          }).toString()}`,
          { schema: deliveryLogPageSchema, signal },
        ),
      getNextPageParam: (page) => page.nextCursor,
    }),
  /** POST /users/amos {ids}: the program's authorized AMOs with their names. */
  amos: (ids: readonly string[]) =>
    queryOptions({
      queryKey: planningKeys.amos(ids),
      queryFn: ({ signal }) => apiRequest('/users/amos', { method: 'POST', body: { ids }, schema: z.array(amoSummarySchema), signal }),
      staleTime: 5 * 60_000,
    }),
};

/** DELETE /rdv/{id} (force=true for an administrator after a second confirmation) or DELETE /rdv-draft/{id}. */
export function useDeletePlanningMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, draft, force }: { id: string; draft: boolean; force?: boolean }) =>
      apiRequest(draft ? `/rdv-draft/${encodeURIComponent(id)}` : `/rdv/${encodeURIComponent(id)}${force ? '?force=true' : ''}`, {
        method: 'DELETE',
        schema: messageSchema,
      }),
    // Every list that may hold it: the program's plannings and drafts, the cross-program list.
    onSettled: () => queryClient.invalidateQueries({ queryKey: planningKeys.all }),
  });
}

/** POST /rdv-draft (no id yet; templateType draftImpose for the imposed form) or PATCH /rdv-draft/{id} → the saved draft ('Nouveau brouillon sauvegardé'). */
export function useSaveDraftMutation(programId: string, templateType: 'draft' | 'draftImpose' = 'draft') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name, data }: { id?: string; name: string; data: Record<string, unknown> }) =>
      id
        ? apiRequest(`/rdv-draft/${encodeURIComponent(id)}`, { method: 'PATCH', body: { name, data }, schema: draftAnswerSchema })
        : apiRequest('/rdv-draft', { method: 'POST', body: { projectId: programId, name, templateType, data }, schema: draftAnswerSchema }),
    onSuccess: async ({ planningDraft }) => {
      queryClient.setQueryData(planningKeys.draft(planningDraft._id), planningDraft);
      await queryClient.invalidateQueries({ queryKey: planningKeys.drafts(programId) });
    },
  });
}

/** The body of a 422 'Pas de solution': the engine's reason and shortfall. */
export function noSolutionDetails(error: unknown): SimulationData | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  const body = error.body as { details?: unknown } | undefined;
  const parsed = SimulationDataSchema.safeParse(body?.details);
  return parsed.success ? parsed.data : null;
}

/** The same engine refusal when a big creation's first step gave it (docs/architecture.md « Planning creation »): its failed operation's details. */
export function noSolutionOfOperation(operation: { status: string; error?: { details?: unknown } } | undefined): SimulationData | null {
  if (operation?.status !== 'failed') return null;
  const parsed = SimulationDataSchema.safeParse(operation.error?.details);
  return parsed.success ? parsed.data : null;
}

/** POST /rdv/no-need/simulation, or /short-simulation when any duration is at most 45 minutes (part 2 §7). */
export function simulationPath(durationsMs: readonly number[]): string {
  return durationsMs.some(isSmallDuration) ? '/rdv/no-need/short-simulation' : '/rdv/no-need/simulation';
}

export function useSimulationMutation() {
  return useMutation({
    mutationFn: ({ body, durationsMs }: { body: SimulationInput; durationsMs: readonly number[] }) =>
      apiRequest(simulationPath(durationsMs), { method: 'POST', body, schema: SimulationOutputSchema }),
  });
}

/**
 * The invitation attachment (up to 10 MB, above a Lambda request once base64-encoded): POST
 * /uploads/attachment gives a presigned PUT, the file goes straight to the store, then POST /files
 * {key, filename} → the attachment's id.
 */
export function useUploadAttachmentMutation() {
  return useMutation({
    mutationFn: async (file: File) => {
      const target = await apiRequest('/uploads/attachment', { method: 'POST', body: { filename: file.name, size: file.size }, schema: uploadTargetSchema });
      return apiRequest('/files', { method: 'POST', body: await sendToUploadTarget(target, file), schema: attachmentAnswerSchema });
    },
  });
}
