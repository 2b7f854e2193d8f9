import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from './api-client';
import { strandingWarning } from '../components/strand-check/undecided-check-confirmation';
import { confirmingWarnings, type ConfirmFlags } from '../components/confirmation/server-warnings';

/** An AMO's one calendar across plannings (docs/scheduling.md « One person, one calendar »). */
const dayOffSchema = z.object({ id: z.string(), start: z.string(), end: z.string() });
export type DayOff = z.infer<typeof dayOffSchema>;
const amoCalendarSchema = z.object({ daysOff: z.array(dayOffSchema), travelMinutes: z.number() });
const conflictSchema = z.object({
  userId: z.string(),
  planningId: z.string().nullable(),
  planningName: z.string().nullable(),
  start: z.number(),
  end: z.number(),
  message: z.string(),
});
export type AmoConflict = z.infer<typeof conflictSchema>;
const conflictsSchema = z.object({ conflicts: z.array(conflictSchema) });
const messageSchema = z.object({ message: z.string() });

/** A change of the AMO's calendar that strands buyers names them and asks (« Confirmer quand même »), then goes again with `confirmStrand`. */
function confirmingStranding<T>(send: (flags: ConfirmFlags) => Promise<T>): Promise<T> {
  return confirmingWarnings([strandingWarning], send);
}

const forUser = (userId?: string) => (userId ? `?userId=${encodeURIComponent(userId)}` : '');

const amoCalendarKeys = {
  calendar: (userId?: string) => ['amo-calendar', userId ?? 'me'] as const,
  elsewhere: (planningId: string) => ['amo-elsewhere', planningId] as const,
};

export const amoCalendarQueries = {
  /** GET /amo/calendar: the AMO's days off and travel time. */
  calendar: (userId?: string) =>
    queryOptions({
      queryKey: amoCalendarKeys.calendar(userId),
      queryFn: ({ signal }) => apiRequest(`/amo/calendar${forUser(userId)}`, { schema: amoCalendarSchema, signal }),
    }),
  /** GET /rdv/{id}/amo-elsewhere: the planning's named AMOs' times taken elsewhere. */
  elsewhere: (planningId: string) =>
    queryOptions({
      queryKey: amoCalendarKeys.elsewhere(planningId),
      queryFn: ({ signal }) => apiRequest(`/rdv/${planningId}/amo-elsewhere`, { schema: conflictsSchema, signal }),
    }),
};

/** POST /rdv/amo-conflicts: a planning being created against its AMOs' other plannings and days off. */
export function fetchAmoConflicts(body: {
  projectId: string;
  amoList: string[];
  areAmosAssigned: boolean;
  events: { start: string; end: string; nbAmo: number }[];
}) {
  return apiRequest('/rdv/amo-conflicts', { method: 'POST', body, schema: conflictsSchema });
}

/** POST /amo/days-off: a stranding day off is asked first (« Confirmer quand même »), then sent with `confirmStrand`. */
export function useAddDayOffMutation(userId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (period: { start: string; end: string }) =>
      confirmingStranding((flags) =>
        apiRequest('/amo/days-off', { method: 'POST', body: { ...period, ...(userId ? { userId } : {}), ...flags }, schema: messageSchema }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: amoCalendarKeys.calendar(userId) }),
  });
}

export function useDeleteDayOffMutation(userId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`/amo/days-off/${id}${forUser(userId)}`, { method: 'DELETE', schema: messageSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: amoCalendarKeys.calendar(userId) }),
  });
}

export function useSaveTravelTimeMutation(userId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (travelMinutes: number) =>
      confirmingStranding((flags) =>
        apiRequest('/amo/calendar', { method: 'PUT', body: { travelMinutes, ...(userId ? { userId } : {}), ...flags }, schema: messageSchema }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: amoCalendarKeys.calendar(userId) }),
  });
}
