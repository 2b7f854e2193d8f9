import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  answerSchema,
  faqSchema,
  housingDocumentPageSchema,
  housingSchema,
  nextVisitSchema,
  notificationSchema,
  postSchema,
  programMessagesPageSchema,
  ticketSchema,
  type BadgeName,
  type HousingNotification,
  type ProgramPost,
} from '../../../shared/domain/buyer-area';
import { apiRequest } from './api-client';

const myHousingsSchema = z.object({ housings: z.array(housingSchema), nextVisit: nextVisitSchema.nullable() });
const ticketsSchema = z.object({ tickets: z.array(ticketSchema) });
const filesIdsSchema = z.object({ filesIds: z.array(z.string()) });
const meetingSchema = z.object({
  planningId: z.string(),
  planningName: z.string(),
  phase: z.string(),
  uuid: z.string(),
  start: z.string().nullable(),
  end: z.string().nullable(),
  status: z.string(),
  link: z.string(),
  history: z.array(
    z.object({
      id: z.string(),
      at: z.string(),
      action: z.string(),
      by: z.object({ name: z.string(), impersonator: z.object({ name: z.string() }).optional() }),
    }),
  ),
});
export type ClientMeeting = z.infer<typeof meetingSchema>;

const id = encodeURIComponent;

const buyerAreaKeys = {
  all: ['buyer-area'] as const,
  housing: (housingId: string) => ['buyer-area', 'housing', housingId] as const,
  tickets: (housingId: string) => ['buyer-area', 'housing', housingId, 'tickets'] as const,
  programMessages: (programId: string, lot?: string) => ['buyer-area', 'program', programId, 'messages', lot ?? 'all'] as const,
};

/** The buyer area's resources (part 1 §2 buyer area), one factory per resource. */
export const buyerAreaQueries = {
  /** GET /users/me/housings: the buyer's housings and next visit; an error stays an error (never « Aucun logement »). */
  myHousings: () =>
    queryOptions({
      queryKey: ['buyer-area', 'housings'] as const,
      queryFn: ({ signal }) => apiRequest('/users/me/housings', { schema: myHousingsSchema, signal }),
    }),
  /** GET /users/me/housings/{id}: one housing with its badges. */
  housing: (housingId: string) =>
    queryOptions({
      queryKey: buyerAreaKeys.housing(housingId),
      queryFn: async ({ signal }) =>
        (await apiRequest(`/users/me/housings/${id(housingId)}`, { schema: z.object({ housing: housingSchema }), signal })).housing,
      retry: false,
    }),
  /** GET /users/me/housings/{id}/tickets. */
  tickets: (housingId: string) =>
    queryOptions({
      queryKey: buyerAreaKeys.tickets(housingId),
      queryFn: async ({ signal }) => (await apiRequest(`/users/me/housings/${id(housingId)}/tickets`, { schema: ticketsSchema, signal })).tickets,
    }),
  /** GET /users/me/housings/{id}/posts?kind=: news (actualite) or site progress (chantier), newest first. */
  posts: (housingId: string, kind: ProgramPost['kind']) =>
    queryOptions({
      queryKey: ['buyer-area', 'housing', housingId, 'posts', kind] as const,
      queryFn: async ({ signal }) =>
        (await apiRequest(`/users/me/housings/${id(housingId)}/posts?kind=${kind}`, { schema: z.object({ posts: z.array(postSchema) }), signal })).posts,
    }),
  /**
   * GET /users/me/documents?housing=&cursor=: the housing's and the program's documents, with signed
   * links, newest first, a page at a time (docs/architecture.md « Bounded answers »).
   */
  documents: (housingId: string) =>
    infiniteQueryOptions({
      queryKey: ['buyer-area', 'housing', housingId, 'documents'] as const,
      initialPageParam: null as string | null,
      queryFn: ({ signal, pageParam }) =>
        apiRequest(`/users/me/documents?housing=${id(housingId)}${pageParam ? `&cursor=${id(pageParam)}` : ''}`, { schema: housingDocumentPageSchema, signal }),
      getNextPageParam: (page) => page.nextCursor,
    }),
  /** GET /users/me/housings/{id}/program: the program and its FAQ. */
  program: (housingId: string) =>
    queryOptions({
      queryKey: ['buyer-area', 'housing', housingId, 'program'] as const,
      queryFn: ({ signal }) =>
        apiRequest(`/users/me/housings/${id(housingId)}/program`, {
          schema: z.object({ program: z.object({ name: z.string() }).loose(), faq: faqSchema }),
          signal,
        }),
    }),
  /**
   * GET /projets/{id}/messages[?lot=]: staff's view of the program's conversations, unread first,
   * a page at a time (docs/architecture.md « Bounded answers »); one lot's come in one page.
   */
  programMessages: (programId: string, lot?: string) =>
    infiniteQueryOptions({
      queryKey: buyerAreaKeys.programMessages(programId, lot),
      initialPageParam: null as string | null,
      queryFn: ({ signal, pageParam }) =>
        apiRequest(
          `/projets/${id(programId)}/messages?${new URLSearchParams({ ...(lot ? { lot } : {}), ...(pageParam ? { cursor: pageParam } : {}) }).toString()}`,
          { schema: programMessagesPageSchema, signal },
        ),
      getNextPageParam: (page) => page.nextCursor,
    }),
  /** GET /projets/{id}/clients/{clientId}/meetings: the client detail's Rendez-vous tab. */
  clientMeetings: (programId: string, clientId: string) =>
    queryOptions({
      queryKey: ['buyer-area', 'program', programId, 'client', clientId, 'meetings'] as const,
      queryFn: async ({ signal }) =>
        (await apiRequest(`/projets/${id(programId)}/clients/${id(clientId)}/meetings`, { schema: z.object({ meetings: z.array(meetingSchema) }), signal }))
          .meetings,
    }),
};

/** Uploads attachments one per call (the field is `files`) and returns their ids in order. */
export async function uploadAttachments(path: string, files: File[]): Promise<string[]> {
  const ids: string[] = [];
  for (const file of files) {
    const form = new FormData();
    form.append('files', file, file.name);
    ids.push(...(await apiRequest(path, { method: 'POST', body: form, schema: filesIdsSchema })).filesIds);
  }
  return ids;
}

/** A message as written: its text and the files chosen. */
export interface Draft {
  message: string;
  files: File[];
}

/** The buyer opens a conversation (POST /users/me/housings/{id}/tickets). */
export function useOpenTicketMutation(housingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (draft: Draft & { subject: string }) =>
      apiRequest(`/users/me/housings/${id(housingId)}/tickets`, {
        method: 'POST',
        body: { subject: draft.subject, message: draft.message, files: await uploadAttachments('/users/me/answer/upload-files', draft.files) },
        schema: z.object({ ticket: ticketSchema }),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: buyerAreaKeys.tickets(housingId) }),
  });
}

/** The buyer replies (POST /users/me/answer/create {files, message, ticket}). */
export function useBuyerReplyMutation(housingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ ticket, ...draft }: Draft & { ticket: string }) =>
      apiRequest('/users/me/answer/create', {
        method: 'POST',
        body: { ticket, message: draft.message, files: await uploadAttachments('/users/me/answer/upload-files', draft.files) },
        schema: z.object({ answer: answerSchema }),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: buyerAreaKeys.tickets(housingId) }),
  });
}

/** Staff reply with attachments (images or PDF): POST /projets/{id}/files, then /projets/{id}/messages/{ticketId}/answers. */
export function useStaffReplyMutation(programId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ ticket, ...draft }: Draft & { ticket: string }) =>
      apiRequest(`/projets/${id(programId)}/messages/${id(ticket)}/answers`, {
        method: 'POST',
        body: { message: draft.message, files: await uploadAttachments(`/projets/${id(programId)}/files`, draft.files) },
        schema: z.object({ ticket: ticketSchema }),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['buyer-area', 'program', programId, 'messages'] }),
  });
}

/** Clears a sub-page's badges (DELETE /users/me/housings/{id}/notifications/{notificationId}, one per notification). */
export function useClearBadgesMutation(housingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (notifications: HousingNotification[]) => {
      let remaining: HousingNotification[] | null = null;
      for (const notification of notifications) {
        remaining = (
          await apiRequest(`/users/me/housings/${id(housingId)}/notifications/${id(notification._id)}`, {
            method: 'DELETE',
            schema: z.object({ notifications: z.array(notificationSchema) }),
          })
        ).notifications;
      }
      return remaining;
    },
    onSuccess: (remaining) => {
      if (remaining) queryClient.setQueryData(buyerAreaKeys.housing(housingId), (housing) => (housing ? { ...housing, notifications: remaining } : housing));
      void queryClient.invalidateQueries({ queryKey: ['buyer-area', 'housings'] });
    },
  });
}

/** POST /projets/{id}/clients/{clientId}/invite: the buyer's account by invitation. */
export function useInviteBuyerMutation(programId: string, clientId: string) {
  return useMutation({
    mutationFn: () =>
      apiRequest(`/projets/${id(programId)}/clients/${id(clientId)}/invite`, {
        method: 'POST',
        schema: z.object({ message: z.string(), invited: z.boolean() }),
      }),
  });
}

/** Badge counts per sub-page, as kept locally (part 1 §3 « notifications {actualite, tmas, …} »). */
export function badgeCounts(notifications: HousingNotification[]): Record<BadgeName, number> {
  const counts: Record<BadgeName, number> = { actualite: 0, tmas: 0, choix: 0, messages: 0, documents: 0, chantier: 0 };
  for (const notification of notifications) counts[notification.badgeName] += 1;
  return counts;
}
