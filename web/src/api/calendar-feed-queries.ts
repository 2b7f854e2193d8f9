import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { calendarFeedLinkSchema, calendarFeedStatusSchema } from '../../../shared/exports/calendar-feed';
import { apiRequest } from './api-client';

const calendarFeedKeys = { status: () => ['calendar-feed', 'status'] as const };

/** The AMO's private calendar subscription (part 1 §7 ★). */
export const calendarFeedQueries = {
  /** GET /exports/calendar-feed: whether a link is active, and since when. */
  status: () =>
    queryOptions({
      queryKey: calendarFeedKeys.status(),
      queryFn: ({ signal }) => apiRequest('/exports/calendar-feed', { schema: calendarFeedStatusSchema, signal }),
    }),
};

/** POST /exports/calendar-feed: a new link (the previous one stops working); shown once, only its hash is kept. */
export function useIssueCalendarFeedMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/exports/calendar-feed', { method: 'POST', schema: calendarFeedLinkSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarFeedKeys.status() }),
  });
}

/** DELETE /exports/calendar-feed: the link answers 404 from now on. */
export function useRevokeCalendarFeedMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/exports/calendar-feed', { method: 'DELETE', schema: z.object({ revoked: z.literal(true) }) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarFeedKeys.status() }),
  });
}
