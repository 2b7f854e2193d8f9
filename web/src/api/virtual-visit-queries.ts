import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { z } from 'zod';
import { viewLogEntrySchema, type BuyerVisitCreate, type VisitCreateInput, type VisitPromoterCreate } from '../../../shared/domain/virtual-visit';
import { apiRequest } from './api-client';
import { waveStartedSchema } from '../../../shared/domain/send-wave';

/** Part 1 §2, part 3 §2: virtual visits, their promoters and view logs. */
const virtualVisitSchema = z.object({
  _id: z.string(),
  uuid: z.string(),
  name: z.string(),
  promoter: z.string(),
  promoterName: z.string(),
  pointer: z.string(),
  payload: z.string(),
  email: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  sendMail: z.boolean(),
  counter: z.number(),
  notified: z.boolean(),
  // values, not messages: the API's visit statuses (shared/domain/virtual-visit.ts).
  status: z.enum(['active', 'expirée']),
  isActive: z.boolean(),
  programId: z.string().optional(),
  lotId: z.string().optional(),
  lotcomm: z.string().optional(),
  planningId: z.string().optional(),
  meetingUuid: z.string().optional(),
});
export type VirtualVisit = z.infer<typeof virtualVisitSchema>;

const visitPromoterSchema = z.object({
  _id: z.string(),
  name: z.string(),
  internalName: z.string(),
  firstParagraph: z.string(),
  secondParagraph: z.string(),
  thirdParagraph: z.string(),
  hasLogo: z.boolean(),
});
export type VisitPromoterRow = z.infer<typeof visitPromoterSchema>;

const publicVisitSchema = z.object({
  state: z.enum(['active', 'expired']),
  visit: z.object({ uuid: z.string(), name: z.string(), pointer: z.string(), links: z.array(z.string()), startDate: z.string(), endDate: z.string() }),
  promoter: visitPromoterSchema.omit({ internalName: true }).nullable(),
});
export type PublicVisit = z.infer<typeof publicVisitSchema>;

const logsSchema = z.object({
  from: z.string(),
  to: z.string(),
  views: z.array(viewLogEntrySchema),
  stats: z.object({
    total: z.number(),
    visits: z.number(),
    countries: z.array(z.object({ code: z.string(), name: z.string(), views: z.number() })),
    perDay: z.array(z.object({ date: z.string(), views: z.number() })),
  }),
});

const visitsSchema = z.object({ visits: z.array(virtualVisitSchema) });
const visitPageSchema = visitsSchema.extend({ nextCursor: z.string().nullable() });
type VisitPage = z.infer<typeof visitPageSchema>;
const messageSchema = z.object({ message: z.string() });
const doneSchema = z.object({ done: z.number(), message: z.string() });
const createdSchema = z.object({ _id: z.string(), vrUuid: z.string(), message: z.string() });

const visitKeys = {
  all: ['virtual-visits'] as const,
  admin: () => [...visitKeys.all, 'admin'] as const,
  promoters: () => [...visitKeys.all, 'promoters'] as const,
  program: (programId: string) => [...visitKeys.all, 'program', programId] as const,
  client: (programId: string, clientId: string) => [...visitKeys.all, 'client', programId, clientId] as const,
  public: (uuid: string) => ['public-visit', uuid] as const,
  logs: (from: string, to: string) => [...visitKeys.all, 'logs', from, to] as const,
};

export const visitQueries = {
  /** GET /vv-open: every visit (administrators, moderators). */
  admin: () =>
    queryOptions({
      queryKey: visitKeys.admin(),
      queryFn: async ({ signal }) => (await apiRequest('/vv-open', { schema: visitsSchema, signal })).visits,
      refetchInterval: whileMailQueued,
    }),
  /** GET /promoters-open. */
  promoters: () =>
    queryOptions({
      queryKey: visitKeys.promoters(),
      queryFn: async ({ signal }) => (await apiRequest('/promoters-open', { schema: z.object({ promoters: z.array(visitPromoterSchema) }), signal })).promoters,
    }),
  /**
   * GET /rdv/project/{programId}/visites-3d: the program's buyer visits, a page at a time
   * (docs/architecture.md « Bounded answers »).
   */
  program: (programId: string) =>
    infiniteQueryOptions({
      queryKey: visitKeys.program(programId),
      initialPageParam: null as string | null,
      queryFn: ({ signal, pageParam }) =>
        apiRequest(`/rdv/project/${encodeURIComponent(programId)}/visites-3d${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`, {
          schema: visitPageSchema,
          signal,
        }),
      getNextPageParam: (page) => page.nextCursor,
      refetchInterval: (query: { state: { data?: InfiniteData<VisitPage>; dataUpdateCount: number } }) =>
        whileMailQueued({ state: { data: query.state.data?.pages.flatMap((page) => page.visits), dataUpdateCount: query.state.dataUpdateCount } }),
    }),
  /** GET /programs/{id}/clients/{clientId}/visites-3d: one buyer's visits (the client detail tab). */
  client: (programId: string, clientId: string) =>
    queryOptions({
      queryKey: visitKeys.client(programId, clientId),
      queryFn: async ({ signal }) =>
        (await apiRequest(`/programs/${encodeURIComponent(programId)}/clients/${encodeURIComponent(clientId)}/visites-3d`, { schema: visitsSchema, signal }))
          .visits,
      refetchInterval: whileMailQueued,
    }),
  /** GET /vv/{uuid} (public). */
  public: (uuid: string) =>
    queryOptions({
      queryKey: visitKeys.public(uuid),
      queryFn: ({ signal }) => apiRequest(`/vv/${encodeURIComponent(uuid)}`, { schema: publicVisitSchema, auth: false, signal }),
      retry: false,
    }),
  /** GET /logs (administrators): views of the period and their statistics. */
  logs: (from: string, to: string) =>
    queryOptions({
      queryKey: visitKeys.logs(from, to),
      queryFn: ({ signal }) => apiRequest(`/logs?${new URLSearchParams({ from, to }).toString()}`, { schema: logsSchema, signal }),
      retry: false,
    }),
};

/**
 * A visit's mail leaves through a job after the request answered: while one is still queued, the
 * list looks again every 2 s so 'Notifié' turns to 'Oui' without a reload (for a minute at most: a
 * mail that keeps failing is the delivery log's business, not this page's).
 */
function whileMailQueued(query: { state: { data?: VirtualVisit[]; dataUpdateCount: number } }): number | false {
  const queued = query.state.data?.some((visit) => visit.sendMail && !visit.notified && visit.isActive);
  return queued && query.state.dataUpdateCount < 30 ? 2000 : false;
}

function useInvalidatingMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: visitKeys.all }) });
}

/** POST /vv (the admin form). */
export const useCreateVisitMutation = () =>
  useInvalidatingMutation((visit: VisitCreateInput) => apiRequest('/vv', { method: 'POST', body: visit, schema: createdSchema }));

/** PATCH /vv/{id}: the end date. */
export const useVisitEndDateMutation = () =>
  useInvalidatingMutation(({ uuid, endDate }: { uuid: string; endDate: string }) =>
    apiRequest(`/vv/${encodeURIComponent(uuid)}`, { method: 'PATCH', body: { endDate } }),
  );

/** DELETE /vv/{id}, or POST /vv/delete-multiple for several. */
export const useDeleteVisitsMutation = () =>
  useInvalidatingMutation((uuids: string[]) =>
    uuids.length === 1
      ? apiRequest(`/vv/${encodeURIComponent(uuids[0])}`, { method: 'DELETE', schema: messageSchema })
      : apiRequest('/vv/delete-multiple', { method: 'POST', body: { uuids }, schema: doneSchema }),
  );

/** POST /promoter/create, then the optional logo (POST /promoters/{id}/logo). */
export const useCreatePromoterMutation = () =>
  useInvalidatingMutation(async ({ promoter, logo }: { promoter: VisitPromoterCreate; logo: File | null }) => {
    const created = await apiRequest('/promoter/create', { method: 'POST', body: promoter, schema: z.object({ _id: z.string(), message: z.string() }) });
    if (logo) await uploadPromoterLogo(created._id, logo);
    return created;
  });

function uploadPromoterLogo(id: string, logo: File) {
  const form = new FormData();
  form.append('logo', logo);
  return apiRequest(`/promoters/${encodeURIComponent(id)}/logo`, { method: 'POST', body: form, schema: messageSchema });
}

export const usePromoterLogoMutation = () => useInvalidatingMutation(({ id, logo }: { id: string; logo: File }) => uploadPromoterLogo(id, logo));

/** DELETE /promoter/{id}. */
export const useDeletePromoterMutation = () =>
  useInvalidatingMutation((id: string) => apiRequest(`/promoter/${encodeURIComponent(id)}`, { method: 'DELETE', schema: messageSchema }));

/** POST /vv/logs/multiple: {uuid: [view ids]}. */
export const useDeleteViewLogsMutation = () =>
  useInvalidatingMutation((map: Record<string, string[]>) => apiRequest('/vv/logs/multiple', { method: 'POST', body: map, schema: doneSchema }));

/** POST /rdv/{planningId}/visites-3d: a buyer's visit from the planning detail page. */
export const useCreateBuyerVisitMutation = (planningId: string) =>
  useInvalidatingMutation((visit: z.input<z.ZodType<BuyerVisitCreate>>) =>
    apiRequest(`/rdv/${encodeURIComponent(planningId)}/visites-3d`, { method: 'POST', body: visit, schema: createdSchema }),
  );

/** POST /rdv/{id}/envoi-vv: mails the selected buyers their visit link. */
export const useSendVisitLinksMutation = (planningId: string) =>
  useInvalidatingMutation((uuids: string[]) =>
    apiRequest(`/rdv/${encodeURIComponent(planningId)}/envoi-vv`, { method: 'POST', body: { uuids }, schema: waveStartedSchema }),
  );

/** POST /rdv/{planningId}/broadcastlistVvUuidDelete: removes the visits of the selected buyers. */
export const useRemoveBuyerVisitsMutation = (planningId: string) =>
  useInvalidatingMutation((uuids: string[]) =>
    apiRequest(`/rdv/${encodeURIComponent(planningId)}/broadcastlistVvUuidDelete`, { method: 'POST', body: { uuids }, schema: doneSchema }),
  );

/** POST /vv/{uuid}/increment (public): one opening of the page. */
export const useCountViewMutation = (uuid: string) =>
  useMutation({ mutationFn: () => apiRequest(`/vv/${encodeURIComponent(uuid)}/increment`, { method: 'POST', auth: false }) });
