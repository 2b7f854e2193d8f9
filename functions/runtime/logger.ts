import { Logger } from '@aws-lambda-powertools/logger';

/**
 * One logger per process. Request bodies, headers and raw paths are never logged: bodies and
 * headers carry secrets, and paths carry capability ids (a buyer's link, a read-only planning
 * link, a reset token). Log the route template (`event.routeKey`) instead.
 */
export const logger = new Logger({
  serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'livrea',
  logLevel: (process.env.LOG_LEVEL as 'INFO' | 'WARN' | 'ERROR' | 'DEBUG' | undefined) ?? (process.env.NODE_ENV === 'test' ? 'ERROR' : 'INFO'),
});
