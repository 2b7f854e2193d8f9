import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookRequest, BuyerView } from '../../../shared/domain/planning';
import { apiRequest } from './api-client';

/**
 * Calls of the public booking page /entrevue/{uuid} (part 1 §2, §7). Public: authorised by the
 * meeting's unguessable uuid, so no session token is sent (auth: false). The answers are typed
 * from the shared zod schemas but not parsed with them: zod and the schemas weigh a fifth of the
 * buyer's page, and the server builds these answers from the same types.
 */
export interface MessageAnswer {
  message: string;
}

export const bookingKeys = {
  all: ['booking'] as const,
  view: (uuid: string) => [...bookingKeys.all, 'view', uuid] as const,
};

const path = encodeURIComponent;

export const bookingQueries = {
  /** GET /rdv/usr/{uuid}: the buyer's state, meeting, planning and the slots offered (404 when unknown). */
  view: (uuid: string) =>
    queryOptions({
      queryKey: bookingKeys.view(uuid),
      queryFn: ({ signal }) => apiRequest<BuyerView>(`/rdv/usr/${path(uuid)}`, { auth: false, signal }),
      // Slots change as others book: always ask again when the page mounts.
      staleTime: 0,
    }),
};

/** GET /rdv/usr/{uuid}/ics: the appointment as a calendar file (a plain link with `download`). */
export function bookingIcsUrl(uuid: string): string {
  return `/api/rdv/usr/${path(uuid)}/ics`;
}

/** GET /programs/{id}/avatar: the program logo (public). */
export function programLogoUrl(programId: string): string {
  return `/api/programs/${path(programId)}/avatar`;
}

/** PATCH /rdv/book/{planningId}: books the picked slot; 409 when it was just taken. */
export function useBookSlotMutation(planningId: string) {
  return useMutation({
    mutationFn: (body: BookRequest) => apiRequest<MessageAnswer>(`/rdv/book/${path(planningId)}`, { method: 'PATCH', body, auth: false }),
  });
}

/** PATCH /rdv/unbook/{uuid}: cancels the booking (refused with 409 when staff forced it). */
export function useCancelBookingMutation(uuid: string) {
  return useMutation({
    mutationFn: () => apiRequest<MessageAnswer>(`/rdv/unbook/${path(uuid)}`, { method: 'PATCH', auth: false }),
  });
}

export interface AvailabilityChange {
  isAvailable: boolean;
  /** Required when unavailable (checked by the form first). */
  note?: string;
  /** The view to show at once (optimistic), from optimisticAvailability. */
  optimistic: BuyerView;
}

/**
 * PATCH /rdv/{planningId}/broadcastlist {uuid, isAvailable, note}: the change is shown at once and
 * rolled back when the call fails; the view is read again afterwards either way.
 */
export function useSetAvailabilityMutation(planningId: string, uuid: string) {
  const queryClient = useQueryClient();
  const key = bookingKeys.view(uuid);
  return useMutation({
    mutationFn: ({ isAvailable, note }: AvailabilityChange) =>
      apiRequest<Partial<MessageAnswer>>(`/rdv/${path(planningId)}/broadcastlist`, {
        method: 'PATCH',
        auth: false,
        body: isAvailable ? { uuid, isAvailable } : { uuid, isAvailable, note },
      }),
    onMutate: async ({ optimistic }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<BuyerView>(key);
      queryClient.setQueryData(key, optimistic);
      return { previous };
    },
    onError: (_error, _change, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** POST /gdpr/ask-info {uuid}: e-mails the buyer their personal data. */
export function useAskPersonalDataMutation(uuid: string) {
  return useMutation({
    mutationFn: () => apiRequest<MessageAnswer>('/gdpr/ask-info', { method: 'POST', body: { uuid }, auth: false }),
  });
}
