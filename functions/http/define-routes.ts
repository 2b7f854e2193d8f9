import middy from '@middy/core';
import httpRouterHandler, { type Method } from '@middy/http-router';
import type { RouteKey, ApiGroup, LocalGroup } from '../api-routes';
import type { ApiEvent, ApiResult } from './api-types';
import { errorMapper } from './error-mapper';
import { originGuard } from './origin-guard';
import { requestLogging } from './request-logging';

type GroupHandlers<G extends ApiGroup | LocalGroup> = { [K in RouteKey<G>]: (event: ApiEvent) => Promise<ApiResult> };

/**
 * The Lambda handler of one call group. The handler map must name exactly the group's routes of
 * functions/api-routes.ts (checked by the type), so the deployed routes and the code cannot drift.
 */
export function defineRoutes<G extends ApiGroup | LocalGroup>(_group: G, handlers: GroupHandlers<G>) {
  const routes = Object.entries(handlers as Record<string, (event: ApiEvent) => Promise<ApiResult>>).map(([key, handler]) => {
    const [method, path] = key.split(' ');
    return { method: method as Method, path, handler };
  });
  return middy<ApiEvent, ApiResult>()
    .use([...requestLogging(), errorMapper(), originGuard()])
    .handler(httpRouterHandler<ApiEvent, ApiResult>(routes));
}
