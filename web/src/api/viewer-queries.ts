import { infiniteQueryOptions } from '@tanstack/react-query';
import { publicPlanningGroupSchema, type PublicPlanning, type PublicPlanningGroup } from '../../../shared/domain/public-planning';
import { apiRequest } from './api-client';

/** '&' joins the uuids of a group: kept as is, each uuid encoded. */
const groupPath = (groupId: string) => groupId.split('&').map(encodeURIComponent).join('&');

/** The public read-only calendar (part 2 §2.9): reached by the planning's link, no session. */
export const viewerQueries = {
  /**
   * GET /rdv/r/{groupId}[?cursor=]: one planning or an '&'-joined group (404 'Planning non trouvé'),
   * its visits a page at a time (docs/architecture.md « Bounded answers »).
   */
  group: (groupId: string) =>
    infiniteQueryOptions({
      queryKey: ['viewer', groupId] as const,
      initialPageParam: null as string | null,
      queryFn: ({ signal, pageParam }) =>
        apiRequest(`/rdv/r/${groupPath(groupId)}${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`, {
          schema: publicPlanningGroupSchema,
          auth: false,
          signal,
        }),
      getNextPageParam: (page) => page.nextCursor ?? null,
      staleTime: 30_000,
    }),
};

/** The pages read so far as one group: the first page's plannings, each with the visits of every page. */
export function mergeViewerPages(pages: readonly PublicPlanningGroup[]): PublicPlanning[] {
  const [first] = pages;
  if (!first) return [];
  return first.plannings.map((planning, index) => ({ ...planning, visits: pages.flatMap((page) => page.plannings[index]?.visits ?? []) }));
}
