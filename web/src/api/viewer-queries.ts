import { queryOptions } from '@tanstack/react-query';
import { publicPlanningGroupSchema } from '../../../shared/domain/public-planning';
import { apiRequest } from './api-client';

/** '&' joins the uuids of a group: kept as is, each uuid encoded. */
const groupPath = (groupId: string) => groupId.split('&').map(encodeURIComponent).join('&');

/** The public read-only calendar (part 2 §2.9): reached by the planning's link, no session. */
export const viewerQueries = {
  /** GET /rdv/r/{groupId}: one planning or an '&'-joined group (404 'Planning non trouvé'). */
  group: (groupId: string) =>
    queryOptions({
      queryKey: ['viewer', groupId] as const,
      queryFn: ({ signal }) => apiRequest(`/rdv/r/${groupPath(groupId)}`, { schema: publicPlanningGroupSchema, auth: false, signal }),
      staleTime: 30_000,
    }),
};
