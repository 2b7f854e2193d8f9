import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { lotCandidatesPageSchema, type LotCandidatesPage } from '../../../shared/domain/lot';
import { z } from 'zod';
import { freeMeetingSchema, meetingSchema, planningSchema } from '../../../shared/domain/planning';
import { GridMarkerSchema, TimeRangeSchema } from '../../../shared/scheduling/schemas';
import type {
  addCustomerSchema,
  cancelMultipleSchema,
  customMailSchema,
  forceBookingSchema,
  freeMeetingPatchSchema,
  meetingEditSchema,
  moveSchema,
  notificationsSchema,
  PlanningPatch,
  rappelSchema,
  relanceSchema,
  removeCustomerSchema,
  switchAmoSchema,
} from '../../../shared/domain/planning-action-requests';
import type { ConvocationMove } from '../../../shared/domain/imposed-action-requests';
import { waveStartedSchema } from '../../../shared/domain/send-wave';
import { operationStartedSchema } from '../../../shared/domain/operation';
import { planningChangesSchema } from '../../../shared/domain/planning-changes';
import {
  calendarAnswerSchema,
  meetingAnswerSchema as oneMeetingSchema,
  PARTICIPANTS_PAGE_SIZE,
  participantsAnswerSchema,
  planningSummaryAnswerSchema,
  type ParticipantSort,
  type ParticipantStatus,
} from '../../../shared/domain/planning-detail-reads';
import { apiRequest } from './api-client';
import { confirmingShortNotice } from '../components/short-notice/short-notice-confirmation';
import { confirmingStaffChange } from '../components/strand-check/undecided-check-confirmation';
import { planningKeys } from './planning-queries';

/** What the participants table asks the server (docs/api.md `GET /api/rdv/{id}/participants`). */
export interface ParticipantsParams {
  page: number;
  pageSize: number;
  q: string;
  status?: ParticipantStatus;
  sort: ParticipantSort;
  desc: boolean;
  /** Only the buyers still to place (the manual placement's picker). */
  toPlace?: boolean;
}

/** The participants table as it opens (the first page, in lot order): the route reads it before the page's code is there. */
export const firstParticipantsPage: ParticipantsParams = { page: 1, pageSize: PARTICIPANTS_PAGE_SIZE, q: '', sort: 'lot', desc: false };

/** The calendar's shown range, two ISO instants. */
export interface CalendarRange {
  from: string;
  to: string;
}

/** GET /rdv/{id}/changes[?since=]: opens a cursor, or answers the changes since one. */
export function fetchPlanningChanges(id: string, since: string | undefined, signal?: AbortSignal) {
  return apiRequest(`/rdv/${encodeURIComponent(id)}/changes${since ? `?since=${encodeURIComponent(since)}` : ''}`, { schema: planningChangesSchema, signal });
}

/** The per-AMO, per-day slot markers (shared/scheduling/grid.ts `PlanningGrid`). */
const planningGridSchema = z.object({
  pas: z.union([z.literal(900), z.literal(1800)]),
  amos: z.array(z.object({ amoNb: z.number(), amoId: z.string().nullable(), label: z.string() })),
  days: z.array(z.object({ date: z.string(), firstSlot: z.string(), slots: z.array(z.array(GridMarkerSchema)) })),
});
export type PlanningGridView = z.infer<typeof planningGridSchema>;

const availabilitiesSchema = z.object({ unavailable: z.array(TimeRangeSchema), extraAvailable: z.array(TimeRangeSchema), grid: planningGridSchema });
export type Availabilities = z.infer<typeof availabilitiesSchema>;
/** `confirmation`: the check could not conclude within its budget; CONFIRMER then asks staff (docs/scheduling.md 'Staff checks fail closed'). */
const testAnswerSchema = z.object({ error: z.string().nullable(), confirmation: z.string().optional(), availabilities: availabilitiesSchema });
const saveAnswerSchema = z.object({ message: z.string(), availabilities: availabilitiesSchema });

const historyEntrySchema = z.object({
  at: z.string(),
  by: z.object({ _id: z.string(), name: z.string(), impersonator: z.object({ _id: z.string(), name: z.string() }).optional() }),
  action: z.string(),
  before: z.record(z.string(), z.unknown()).nullable().optional(),
  after: z.record(z.string(), z.unknown()).nullable().optional(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

const doneSchema = z.object({ done: z.number(), message: z.string().optional() });
const messageSchema = z.object({ message: z.string() });
const meetingAnswerSchema = z.object({ message: z.string(), meeting: meetingSchema });
const freeMeetingAnswerSchema = z.object({ message: z.string(), freeMeeting: freeMeetingSchema });
const planningAnswerSchema = z.object({ message: z.string(), planning: planningSchema });
const addAmoAnswerSchema = z.object({ message: z.string(), grid: planningGridSchema, nbOfAmos: z.number() });

/** One availability edit of the drawer: one slot of one AMO made available or not. */
export interface AvailabilityEditInput {
  kind: 'add' | 'remove';
  amoNb: number;
  start: number;
  end: number;
}

export const planningDetailKeys = {
  detail: (id: string) => [...planningKeys.all, 'detail', id] as const,
  /** « Ajouter un acquéreur »'s lots for a search (a key under detail: an added buyer leaves the list). */
  lotCandidates: (id: string, q: string) => [...planningKeys.all, 'detail', id, 'lot-candidates', q] as const,
  summary: (id: string) => [...planningKeys.all, 'detail', id, 'summary'] as const,
  participants: (id: string) => [...planningKeys.all, 'detail', id, 'participants'] as const,
  participantsPage: (id: string, params: ParticipantsParams) => [...planningKeys.all, 'detail', id, 'participants', params] as const,
  calendar: (id: string) => [...planningKeys.all, 'detail', id, 'calendar'] as const,
  calendarRange: (id: string, range: CalendarRange) => [...planningKeys.all, 'detail', id, 'calendar', range] as const,
  meeting: (id: string, uuid: string) => [...planningKeys.all, 'detail', id, 'meeting', uuid] as const,
  availabilities: (id: string) => [...planningKeys.all, 'detail', id, 'availabilities'] as const,
  history: (id: string, uuid: string) => [...planningKeys.all, 'detail', id, 'history', uuid] as const,
};

const rdv = (id: string, rest = '') => `/rdv/${encodeURIComponent(id)}${rest}`;

/** « Ajouter un acquéreur » asks 50 lots a read, and reads on past pages its planning emptied at most 5 times. */
const LOT_CANDIDATES_PAGE = 50;
const LOT_CANDIDATE_READS = 5;

export const planningDetailQueries = {
  /** GET /rdv/{id}/summary: the planning and its figures (404 'Planning libre non trouvé'); read again when a change arrives. */
  summary: (id: string) =>
    queryOptions({
      queryKey: planningDetailKeys.summary(id),
      queryFn: ({ signal }) => apiRequest(rdv(id, '/summary'), { schema: planningSummaryAnswerSchema, signal }),
      retry: (count, error) => count < 2 && !(error as { status?: number }).status,
      refetchOnWindowFocus: true,
    }),
  /** GET /rdv/{id}/participants: one page of the table, filtered and sorted by the server. */
  participants: (id: string, params: ParticipantsParams) =>
    queryOptions({
      queryKey: planningDetailKeys.participantsPage(id, params),
      queryFn: ({ signal }) => {
        const search = new URLSearchParams({ page: String(params.page), pageSize: String(params.pageSize), sort: params.sort, desc: String(params.desc) });
        if (params.q.trim()) search.set('q', params.q.trim());
        if (params.status) search.set('status', params.status);
        if (params.toPlace) search.set('toPlace', 'true');
        return apiRequest(rdv(id, `/participants?${search.toString()}`), { schema: participantsAnswerSchema, signal });
      },
      // The previous page stays on screen while the next one loads (no empty flash between pages).
      placeholderData: (previous) => previous,
      refetchOnWindowFocus: true,
    }),
  /** GET /rdv/{id}/calendar: the placed visits of the calendar's shown range. */
  calendar: (id: string, range: CalendarRange) =>
    queryOptions({
      queryKey: planningDetailKeys.calendarRange(id, range),
      queryFn: ({ signal }) =>
        apiRequest(rdv(id, `/calendar?from=${encodeURIComponent(range.from)}&to=${encodeURIComponent(range.to)}`), { schema: calendarAnswerSchema, signal }),
      placeholderData: (previous) => previous,
      refetchOnWindowFocus: true,
    }),
  /**
   * GET /rdv/{id}/lot-candidates: the program's lots not yet in the planning that match `q`, a page
   * of 50 after another (« Ajouter un acquéreur »). A page the planning's buyers emptied is followed
   * at once by the next (at most 5 reads), so a search shows what it found without a scroll.
   */
  lotCandidates: (id: string, q: string) =>
    infiniteQueryOptions({
      queryKey: planningDetailKeys.lotCandidates(id, q),
      initialPageParam: null as string | null,
      queryFn: async ({ pageParam, signal }) => {
        const clients: LotCandidatesPage['clients'] = [];
        let cursor = pageParam;
        for (let read = 0; read < LOT_CANDIDATE_READS; read += 1) {
          const params = new URLSearchParams({ limit: String(LOT_CANDIDATES_PAGE), ...(cursor ? { cursor } : {}), ...(q.trim() ? { q: q.trim() } : {}) });
          const page = await apiRequest(rdv(id, `/lot-candidates?${params.toString()}`), { schema: lotCandidatesPageSchema, signal });
          clients.push(...page.clients);
          cursor = page.nextCursor;
          if (!cursor || clients.length >= LOT_CANDIDATES_PAGE / 2) break;
        }
        return { clients, nextCursor: cursor };
      },
      getNextPageParam: (last) => last.nextCursor,
      staleTime: 0,
    }),
  /** GET /rdv/{id}/meetings/{uuid}: one buyer, whole (a visit clicked in the calendar). */
  meeting: (id: string, uuid: string) =>
    queryOptions({
      queryKey: planningDetailKeys.meeting(id, uuid),
      queryFn: async ({ signal }) => (await apiRequest(rdv(id, `/meetings/${encodeURIComponent(uuid)}`), { schema: oneMeetingSchema, signal })).meeting,
      staleTime: 0,
    }),
  /**
   * The current availabilities and slot grid: PATCH /rdv/test-book-unavailabilities/{id} with no
   * edit (the route only reads; GET /rdv/{id} does not carry the grid).
   */
  availabilities: (id: string) =>
    queryOptions({
      queryKey: planningDetailKeys.availabilities(id),
      queryFn: async ({ signal }) =>
        (
          await apiRequest(`/rdv/test-book-unavailabilities/${encodeURIComponent(id)}`, {
            method: 'PATCH',
            body: { events: [] },
            schema: testAnswerSchema,
            signal,
          })
        ).availabilities,
      // Read again after the page's actions, and when the changes query brings a change (usePlanningChanges).
      refetchOnWindowFocus: true,
    }),
  /** GET /rdv/{planningId}/meetings/{uuid}/history: every change, oldest first. */
  history: (id: string, uuid: string) =>
    queryOptions({
      queryKey: planningDetailKeys.history(id, uuid),
      queryFn: async ({ signal }) =>
        (await apiRequest(rdv(id, `/meetings/${encodeURIComponent(uuid)}/history`), { schema: z.object({ history: z.array(historyEntrySchema) }), signal }))
          .history,
      staleTime: 0,
    }),
};

type In<S extends z.ZodType> = z.input<S>;

/** Every staff call of the detail page (part 2 §7), as plain functions of the planning id. */
export const planningActions = {
  inviter: (id: string, body: { invitationMail: boolean; uuids: string[] }) =>
    apiRequest(rdv(id, '/inviter'), { method: 'POST', body, schema: waveStartedSchema }),
  relancer: (id: string, body: In<typeof relanceSchema>) => apiRequest(rdv(id, '/relancer'), { method: 'POST', body, schema: waveStartedSchema }),
  rappeler: (id: string, body: In<typeof rappelSchema>) => apiRequest(rdv(id, '/rappeler'), { method: 'POST', body, schema: waveStartedSchema }),
  cancelMultiple: (id: string, body: In<typeof cancelMultipleSchema>) =>
    apiRequest(rdv(id, '/cancel-multiple'), { method: 'POST', body, schema: waveStartedSchema }),
  // Staff impose the date: under the notice rule, its warning is confirmed in a modal and the call sent again (docs/user-guide.md « Délai de convocation »);
  // so is a staff check the engine could not conclude (docs/scheduling.md 'Staff checks fail closed'), on every call below that has one.
  bookForce: (id: string, body: In<typeof forceBookingSchema>) =>
    confirmingStaffChange((flags) =>
      apiRequest(`/rdv/book-force/${encodeURIComponent(id)}`, { method: 'PATCH', body: { ...body, ...flags }, schema: meetingAnswerSchema }),
    ),
  move: (id: string, body: In<typeof moveSchema>) =>
    confirmingStaffChange((flags) => apiRequest(rdv(id, '/move'), { method: 'PATCH', body: { ...body, ...flags }, schema: meetingAnswerSchema })),
  // An imposed planning moves a convocation with one call (part 2 §4 'Moving an appointment').
  // The notice rule's warning is confirmed in a modal, then the call is sent again (docs/user-guide.md « Délai de convocation »).
  convocationMove: (id: string, body: ConvocationMove) =>
    confirmingShortNotice((confirmed) =>
      apiRequest(`/rdv/convocation-move/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: confirmed ? { ...body, confirmShortNotice: true } : body,
        schema: meetingAnswerSchema,
      }),
    ),
  unbookStaff: (id: string, body: { uuid: string; isMailConfirmationDel: boolean }) =>
    apiRequest(rdv(id, '/unbook-staff'), { method: 'PATCH', body, schema: messageSchema }),
  switchAmo: (id: string, body: In<typeof switchAmoSchema>) =>
    confirmingStaffChange((flags) => apiRequest(rdv(id, '/switch-amo'), { method: 'POST', body: { ...body, ...flags }, schema: messageSchema })),
  addFreeMeeting: (id: string, body: { name: string; start: string; end: string; color: string }) =>
    apiRequest(rdv(id, '/free-meetings'), { method: 'POST', body, schema: freeMeetingAnswerSchema }),
  updateFreeMeeting: (id: string, freeMeetingId: string, body: In<typeof freeMeetingPatchSchema>) =>
    apiRequest(rdv(id, `/free-meetings/${encodeURIComponent(freeMeetingId)}`), { method: 'PATCH', body, schema: freeMeetingAnswerSchema }),
  deleteFreeMeeting: (id: string, freeMeetingId: string) =>
    apiRequest(rdv(id, `/free-meetings/${encodeURIComponent(freeMeetingId)}`), { method: 'DELETE', schema: messageSchema }),
  testAvailabilities: (id: string, events: AvailabilityEditInput[]) =>
    apiRequest(`/rdv/test-book-unavailabilities/${encodeURIComponent(id)}`, { method: 'PATCH', body: { events }, schema: testAnswerSchema }),
  saveAvailabilities: (id: string, events: AvailabilityEditInput[]) =>
    confirmingStaffChange((flags) =>
      apiRequest(`/rdv/book-unavailabilities/${encodeURIComponent(id)}`, { method: 'PATCH', body: { events, ...flags }, schema: saveAnswerSchema }),
    ),
  addAmo: (id: string, body: { amoId?: string; dates?: string[] }) =>
    apiRequest(`/rdv/add-amo/${encodeURIComponent(id)}`, { method: 'PATCH', body, schema: addAmoAnswerSchema }),
  addCustomer: (id: string, body: In<typeof addCustomerSchema>) =>
    confirmingStaffChange((flags) => apiRequest(rdv(id, '/add-customer'), { method: 'PATCH', body: { ...body, ...flags }, schema: meetingAnswerSchema })),
  removeCustomer: (id: string, body: In<typeof removeCustomerSchema>) =>
    apiRequest(rdv(id, '/remove-customer'), { method: 'PATCH', body, schema: messageSchema }),
  editMeeting: (id: string, uuid: string, body: In<typeof meetingEditSchema>) =>
    confirmingStaffChange((flags) =>
      apiRequest(rdv(id, `/meetings/${encodeURIComponent(uuid)}`), { method: 'PATCH', body: { ...body, ...flags }, schema: meetingAnswerSchema }),
    ),
  updateNotifications: (id: string, body: In<typeof notificationsSchema>) =>
    apiRequest(rdv(id, '/update-notifications'), { method: 'POST', body, schema: doneSchema }),
  editPlanning: (id: string, body: PlanningPatch) => apiRequest(rdv(id), { method: 'PATCH', body, schema: planningAnswerSchema }),
  customMail: (id: string, body: In<typeof customMailSchema>) => apiRequest(rdv(id, '/mail-personnalise'), { method: 'POST', body, schema: waveStartedSchema }),
  shareEmail: (id: string, emails: string[]) => apiRequest(rdv(id, '/share-email'), { method: 'POST', body: { emails }, schema: waveStartedSchema }),
  shareSms: (id: string, phoneNumbers: string[]) => apiRequest(rdv(id, '/share-sms'), { method: 'POST', body: { phoneNumbers }, schema: waveStartedSchema }),
  /** 202 `{message, operation}`: a `planning-deletion` operation (docs/api.md), the same one for the same key. */
  deletePlanning: (id: string, force: boolean, idempotencyKey: string) =>
    apiRequest(`${rdv(id)}${force ? '?force=true' : ''}`, { method: 'DELETE', idempotencyKey, schema: operationStartedSchema }),
};

/** The list refreshes 2000 ms after an invitation or a cancellation (part 2 §4, §9). */
const REFRESH_AFTER_MS = 2000;

/**
 * A staff action on the planning (any call of `planningActions`): the planning, its grid and the
 * histories are read again once it succeeds, and once more 2 s later when `refreshLater` is set
 * (invitations and cancellation mails go out after the answer).
 */
export function usePlanningAction(planningId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: planningDetailKeys.detail(planningId) });
  const mutation = useMutation({
    mutationFn: ({ call }: { call: () => Promise<unknown>; refreshLater: boolean }) => call(),
    onSuccess: async (_answer, { refreshLater }) => {
      if (refreshLater) setTimeout(() => void refresh(), REFRESH_AFTER_MS);
      await refresh();
      await queryClient.invalidateQueries({ queryKey: [...planningKeys.all, 'list'] });
    },
  });
  /** Runs one call; its answer is returned once the planning is read again. */
  const run = <R>(call: () => Promise<R>, refreshLater = false): Promise<R> => mutation.mutateAsync({ call, refreshLater }) as Promise<R>;
  return { run, isPending: mutation.isPending };
}
