import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from './api-client';

const healthSchema = z.object({ status: z.string(), runtime: z.enum(['local', 'aws']).optional() });

export const healthQueries = {
  /** GET /health: {status, runtime}; the outbox menu entry shows only when runtime is 'local'. */
  status: () =>
    queryOptions({
      queryKey: ['health'] as const,
      queryFn: ({ signal }) => apiRequest('/health', { schema: healthSchema, auth: false, signal }),
      staleTime: Infinity,
      retry: false,
    }),
};
