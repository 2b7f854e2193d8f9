import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from './api-client';

const outboxMessageSchema = z.object({
  id: z.string(),
  channel: z.enum(['email', 'sms']),
  to: z.array(z.string()),
  subject: z.string().optional(),
  text: z.string(),
  html: z.string().optional(),
  createdAt: z.string(),
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string() })).default([]),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

const outboxSchema = z.object({ messages: z.array(outboxMessageSchema) });

const outboxKeys = { all: ['dev', 'outbox'] as const };

export const outboxQueries = {
  /** GET /dev/outbox (local runtime only): e-mails and SMS "sent", newest first. */
  list: () =>
    queryOptions({
      queryKey: outboxKeys.all,
      queryFn: async ({ signal }) => {
        const { messages } = await apiRequest('/dev/outbox', { schema: outboxSchema, signal });
        return [...messages].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
      },
      staleTime: 0,
    }),
};

/** DELETE /dev/outbox. */
export function useClearOutboxMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/dev/outbox', { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: outboxKeys.all }),
  });
}
