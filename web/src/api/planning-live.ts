import { useQuery, useQueryClient } from '@tanstack/react-query';
import { planningChangesPollMs } from '../../../shared/domain/planning-changes';
import { hasPlanningChanges, mergePlanningChanges } from '../../../shared/rules/planning-changes-merge';
import { fetchPlanningChanges, planningDetailKeys, type PlanningDetail } from './planning-detail-queries';
import { planningKeys } from './planning-queries';

export const planningLiveKeys = {
  changes: (id: string) => [...planningKeys.all, 'changes', id] as const,
};

/**
 * Keeps an open planning screen live (part 2 §2.6: buyers book, cancel, and other staff members
 * change the planning while one looks): every 1.5 s, GET /rdv/{id}/changes with the cursor of the
 * cached detail, merged into the react-query cache in place (never a reload of the 600 meetings
 * of a large planning, never a loading state: selection and scroll stay). A change also reads the
 * slot grid again (it depends on the bookings); too many changes at once read the whole planning.
 */
export function usePlanningChanges(planningId: string, enabled: boolean) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: planningLiveKeys.changes(planningId),
    enabled,
    queryFn: async ({ signal }) => {
      const detailKey = planningDetailKeys.detail(planningId);
      const since = queryClient.getQueryData<PlanningDetail>(detailKey)?.changes;
      if (!since) return null;
      const answer = await fetchPlanningChanges(planningId, since, signal);
      // A full read that landed meanwhile has its own, newer cursor: this answer is then dropped.
      queryClient.setQueryData<PlanningDetail>(detailKey, (latest) => (latest && latest.changes === since ? mergePlanningChanges(latest, answer) : latest));
      // Not awaited: the next poll must not wait for the slot grid, which the engine computes.
      if (answer.resync) void queryClient.invalidateQueries({ queryKey: detailKey, exact: true });
      else if (hasPlanningChanges(answer)) void queryClient.invalidateQueries({ queryKey: planningDetailKeys.availabilities(planningId) });
      return answer.changes;
    },
    refetchInterval: planningChangesPollMs,
    // The page re-renders from the detail it merged into, not from each poll's own answer.
    notifyOnChangeProps: [],
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}
