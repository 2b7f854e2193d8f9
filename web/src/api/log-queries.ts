import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { appointmentLogSchema } from '../../../shared/domain/appointment-log';
import { funnelAnswerSchema } from '../../../shared/logs/funnel';
import { apiRequest } from './api-client';

const logsAnswerSchema = z.object({ logs: z.array(appointmentLogSchema), from: z.string(), to: z.string() });

export const logQueries = {
  /** GET /rdv/logs (part 3 §7): the planning creations of a period, the last 2 years when none is given. */
  appointments: (from?: string) =>
    queryOptions({
      queryKey: ['logs', 'appointments', from ?? 'default'] as const,
      queryFn: ({ signal }) => apiRequest(`/rdv/logs${from ? `?from=${encodeURIComponent(from)}` : ''}`, { schema: logsAnswerSchema, signal }),
      staleTime: 60_000,
    }),
  // part 3 §2 ★ funnel
  /** GET /rdv/project/{programId}/funnel: the program's buyers per phase, from invitation to visit. */
  funnel: (programId: string) =>
    queryOptions({
      queryKey: ['logs', 'funnel', programId] as const,
      queryFn: ({ signal }) => apiRequest(`/rdv/project/${encodeURIComponent(programId)}/funnel`, { schema: funnelAnswerSchema, signal }),
      staleTime: 60_000,
    }),
};
