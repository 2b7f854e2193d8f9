import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { bookingKeys, type MessageAnswer } from './booking-queries';

/**
 * PATCH /rdv/confirm/{planningId} {usr, isAvailable, note}: the buyer's answer to a convocation
 * (part 1 §2 'Imposed layout'). Public, by the meeting's uuid; the view is read again afterwards.
 */
export function useAnswerConvocationMutation(planningId: string, uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: { isAvailable: boolean; note?: string }) =>
      apiRequest<MessageAnswer>(`/rdv/confirm/${encodeURIComponent(planningId)}`, { method: 'PATCH', auth: false, body: { usr: uuid, ...answer } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingKeys.view(uuid) }),
  });
}
