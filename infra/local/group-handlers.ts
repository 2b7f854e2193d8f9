import type { ApiGroup, LocalGroup } from '../../functions/api-routes';
import type { ApiEvent, ApiResult } from '../../functions/http/api-types';

export type GroupHandler = (event: ApiEvent, context: never) => Promise<ApiResult>;

/** The Lambda handler module of each group, loaded on first use like a cold start. */
const groupHandlers: Record<ApiGroup | LocalGroup, () => Promise<{ handler: unknown }>> = {
  auth: () => import('../../functions/auth/handler'),
  programs: () => import('../../functions/programs/handler'),
  plannings: () => import('../../functions/plannings/handler'),
  booking: () => import('../../functions/booking/handler'),
  'planning-actions': () => import('../../functions/planning-actions/handler'),
  dev: () => import('../../functions/dev/handler'),
  // part 2 §2.9: exports
  exports: () => import('../../functions/exports/handler'),
  'pdf-renderer': () => import('../../functions/pdf-renderer/handler'),
  // part 1 §2: buyer area
  'buyer-area': () => import('../../functions/buyer-area/handler'),
  // part 3: administration
  admin: () => import('../../functions/admin/handler'),
  // part 1 §2, part 3 §2: virtual visits
  'virtual-visits': () => import('../../functions/virtual-visits/handler'),
  // part 3 §2: templates and logs
  templates: () => import('../../functions/templates/handler'),
  logs: () => import('../../functions/logs/handler'),
};

const loaded = new Map<string, Promise<GroupHandler>>();

export function loadGroupHandler(group: ApiGroup | LocalGroup): Promise<GroupHandler> {
  let handler = loaded.get(group);
  if (!handler) {
    handler = groupHandlers[group]().then((module) => module.handler as GroupHandler);
    loaded.set(group, handler);
  }
  return handler;
}
