import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { bookingKeys, type MessageAnswer } from './booking-queries';

const path = encodeURIComponent;

/** The earlier-slot waitlist's calls from the booking page (docs/user-guide.md « Liste d'attente »); the view is read again after each. */
function useWaitlistCall(uuid: string, method: 'PUT' | 'DELETE' | 'PATCH', suffix = '') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<MessageAnswer>(`/rdv/waitlist/${path(uuid)}${suffix}`, { method, auth: false }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingKeys.view(uuid) }),
  });
}

/** PUT /rdv/waitlist/{uuid}: 'Prévenez-moi si un créneau plus tôt se libère'. */
export const useAskWaitlistMutation = (uuid: string) => useWaitlistCall(uuid, 'PUT');
/** DELETE /rdv/waitlist/{uuid}: stop waiting (a held start goes to the next waiter). */
export const useLeaveWaitlistMutation = (uuid: string) => useWaitlistCall(uuid, 'DELETE');
/** PATCH /rdv/waitlist/{uuid}/take: 'Prendre ce créneau'. */
export const useTakeHeldStartMutation = (uuid: string) => useWaitlistCall(uuid, 'PATCH', '/take');
