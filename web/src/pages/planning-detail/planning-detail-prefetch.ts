import type { QueryClient } from '@tanstack/react-query';
import { firstParticipantsPage, planningDetailQueries } from '../../api/planning-detail-queries';
import { planningCursorQuery } from '../../api/planning-live';
import { getSession } from '../../app/session-store';
import { routeAccess } from '../../app/role-home';

/**
 * The detail page's first reads, started by its route while the page's code downloads: the changes
 * cursor first (whatever the page reads then is after it: docs/architecture.md « Live staff
 * screens »), then the summary and the participants' first page, as the page asks them. A caller
 * the route guard sends away reads nothing.
 */
export async function prefetchPlanningDetail(queryClient: QueryClient, planningId: string, path: string): Promise<void> {
  const session = getSession();
  if (session.expired || routeAccess(session.role, path) !== 'allowed') return;
  try {
    await queryClient.fetchQuery(planningCursorQuery(planningId));
  } catch {
    return; // the page opens the cursor again and shows its error
  }
  await Promise.all([
    queryClient.prefetchQuery(planningDetailQueries.summary(planningId)),
    queryClient.prefetchQuery(planningDetailQueries.participants(planningId, firstParticipantsPage)),
  ]);
}
