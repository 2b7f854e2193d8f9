import { queryOptions } from '@tanstack/react-query';
import { printDataSchema } from '../../../shared/exports/print-data';
import { apiRequest } from './api-client';

/** The print page's data (part 2 §2.9), read with the renderer's short-lived print token, never a session. */
export const printQueries = {
  data: (token: string) =>
    queryOptions({
      queryKey: ['print', token] as const,
      queryFn: ({ signal }) => apiRequest(`/exports/print-data?token=${encodeURIComponent(token)}`, { schema: printDataSchema, auth: false, signal }),
      retry: false,
      staleTime: Infinity,
    }),
};
