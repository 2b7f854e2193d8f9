import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { attendanceDaySchema, attendanceMarkAnswerSchema, attendanceTrendSchema, type AttendanceMark } from '../../../shared/domain/attendance';
import { apiRequest } from './api-client';
import { confirmingShortNotice } from '../components/short-notice/short-notice-confirmation';

const attendanceKeys = { day: (date: string) => ['attendance', 'day', date] as const };

/** Attendance on the day (docs/user-guide.md « Présences »). */
export const attendanceQueries = {
  /** GET /attendance/day?date=: the day's visits across the caller's plannings. */
  day: (date: string) =>
    queryOptions({
      queryKey: attendanceKeys.day(date),
      queryFn: ({ signal }) => apiRequest(`/attendance/day?date=${encodeURIComponent(date)}`, { schema: attendanceDaySchema, signal }),
      // The phone keeps showing the list it has while the network is away.
      networkMode: 'offlineFirst',
    }),
  /** GET /attendance/trend (administrators): the visits marked over the last year. */
  trend: () =>
    queryOptions({
      queryKey: ['attendance', 'trend'] as const,
      queryFn: ({ signal }) => apiRequest('/attendance/trend', { schema: attendanceTrendSchema, signal }),
      staleTime: 60_000,
    }),
};

/** PUT /rdv/{planningId}/meetings/{uuid}/attendance: one mark (sent again with the same id until it is answered). */
export function sendAttendanceMark(planningId: string, uuid: string, mark: AttendanceMark) {
  return apiRequest(`/rdv/${encodeURIComponent(planningId)}/meetings/${encodeURIComponent(uuid)}/attendance`, {
    method: 'PUT',
    body: mark,
    schema: attendanceMarkAnswerSchema,
  });
}

/**
 * POST /rdv/{planningId}/meetings/{uuid}/reinvite: a no-show gets their invitation again (free
 * planning) or a new convocation at `rdvDate` (imposed planning, seconds), whose notice rule's
 * warning is confirmed in a modal before the call is sent again (docs/user-guide.md « Délai de convocation »).
 */
export function useReinviteMutation(date: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ planningId, uuid, rdvDate }: { planningId: string; uuid: string; rdvDate?: number }) =>
      confirmingShortNotice((confirmed) =>
        apiRequest(`/rdv/${encodeURIComponent(planningId)}/meetings/${encodeURIComponent(uuid)}/reinvite`, {
          method: 'POST',
          body: rdvDate === undefined ? undefined : { rdvDate, ...(confirmed ? { confirmShortNotice: true } : {}) },
          schema: z.object({ message: z.string() }),
        }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: attendanceKeys.day(date) }),
  });
}
