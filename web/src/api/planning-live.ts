import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { PlanningChanges } from '../../../shared/domain/planning-changes';
import { planningChangesPollMs } from '../../../shared/domain/planning-changes';
import type { CalendarVisit, ParticipantsAnswer, PlanningSummaryAnswer } from '../../../shared/domain/planning-detail-reads';
import { hasPlanningChanges, mergeIntoPage, mergeIntoRange } from '../../../shared/rules/planning-changes-merge';
import { fetchPlanningChanges, planningDetailKeys, type CalendarRange } from './planning-detail-queries';
import { planningKeys } from './planning-queries';

const planningLiveKeys = {
  changes: (id: string) => [...planningKeys.all, 'changes', id] as const,
  /** The screen's changes cursor: outside the detail's keys, so the page's own actions (which read the detail again) keep it. */
  cursor: (id: string) => [...planningKeys.all, 'changes-cursor', id] as const,
};

/**
 * Opens the screen's changes cursor (GET /rdv/{id}/changes without `since`), before the page's
 * first reads: whatever they hold, the cursor points before it (docs/architecture.md « Live staff
 * screens »). Observed by the page for its status only: each poll moves it without a render.
 */
export function usePlanningCursor(planningId: string) {
  return useQuery({ ...planningCursorQuery(planningId), notifyOnChangeProps: ['status', 'error'] });
}

/**
 * The cursor's query, also started by the route before the page's code is there. A cursor kept a
 * few seconds after the page closed is still right when it opens again: the polls then read the
 * changes since an earlier instant, a few already shown.
 */
export const planningCursorQuery = (planningId: string) =>
  queryOptions({
    queryKey: planningLiveKeys.cursor(planningId),
    queryFn: async ({ signal }) => (await fetchPlanningChanges(planningId, undefined, signal)).changes,
    staleTime: Infinity,
    gcTime: 10_000,
    refetchOnWindowFocus: false,
    retry: (count, error) => count < 2 && !(error as { status?: number }).status,
  });

/**
 * An answer applied to what the page holds, in place: the rows of the participants' pages and the
 * visits of the calendar's ranges from the changed buyers themselves; the current page read again
 * only when it may gain or lose rows; the summary's figures and the slot grid (small reads) read
 * again; never the whole planning.
 */
function applyChanges(queryClient: QueryClient, planningId: string, answer: PlanningChanges): void {
  const { planning } = answer;
  if (planning) queryClient.setQueryData<PlanningSummaryAnswer>(planningDetailKeys.summary(planningId), (summary) => summary && { ...summary, planning });
  if (answer.meetings.length > 0 || answer.removed.length > 0) {
    let stale = false;
    for (const [key, page] of queryClient.getQueriesData<ParticipantsAnswer>({ queryKey: planningDetailKeys.participants(planningId) })) {
      if (!page) continue;
      const merged = mergeIntoPage(page, answer);
      if (merged.page !== page) queryClient.setQueryData(key, merged.page);
      stale ||= merged.stale;
    }
    if (stale) void queryClient.invalidateQueries({ queryKey: planningDetailKeys.participants(planningId) });
    for (const [key, shown] of queryClient.getQueriesData<{ visits: CalendarVisit[] }>({ queryKey: planningDetailKeys.calendar(planningId) })) {
      const range = key.at(-1) as CalendarRange | undefined;
      if (!shown || !range || typeof range !== 'object') continue;
      const visits = mergeIntoRange(shown.visits, range, answer);
      if (visits !== shown.visits) queryClient.setQueryData(key, { visits });
    }
    void queryClient.invalidateQueries({ queryKey: [...planningDetailKeys.detail(planningId), 'meeting'] });
    // « Ajouter un acquéreur »'s lots: a buyer added or removed by someone else joins or leaves them.
    void queryClient.invalidateQueries({ queryKey: [...planningDetailKeys.detail(planningId), 'lot-candidates'] });
  }
  if (hasPlanningChanges(answer)) {
    // Not awaited: the next poll must not wait for these reads (the slot grid is computed by the engine).
    void queryClient.invalidateQueries({ queryKey: planningDetailKeys.summary(planningId) });
    void queryClient.invalidateQueries({ queryKey: planningDetailKeys.availabilities(planningId) });
  }
}

/**
 * Keeps an open planning screen live (part 2 §2.6: buyers book, cancel, and other staff members
 * change the planning while one looks): every 1.5 s, GET /rdv/{id}/changes with the screen's
 * cursor, applied in place (applyChanges): no loading state, selection and scroll stay. Too many
 * changes at once (a bulk action) read the page's reads again, from the cursor the answer restarts.
 */
export function usePlanningChanges(planningId: string, enabled: boolean) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: planningLiveKeys.changes(planningId),
    enabled,
    queryFn: async ({ signal }) => {
      const cursorKey = planningLiveKeys.cursor(planningId);
      const since = queryClient.getQueryData<string>(cursorKey);
      if (!since) return null;
      const answer = await fetchPlanningChanges(planningId, since, signal);
      // A cursor opened meanwhile (the page opened again) is newer: this answer is then dropped.
      if (queryClient.getQueryData<string>(cursorKey) !== since) return null;
      queryClient.setQueryData(cursorKey, answer.changes);
      if (answer.resync) void queryClient.invalidateQueries({ queryKey: planningDetailKeys.detail(planningId) });
      else applyChanges(queryClient, planningId, answer);
      return answer.changes;
    },
    refetchInterval: planningChangesPollMs,
    refetchIntervalInBackground: false,
    // The page re-renders from the caches the answer is applied to, not from each poll's own answer.
    notifyOnChangeProps: [],
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}
