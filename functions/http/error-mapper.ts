import type middy from '@middy/core';
import { messages } from '../../shared/messages/common';
import { SchedulingRuleError } from '../../shared/scheduling/scheduling-errors';
import { AppError, TooManyRequestsError, ValidationError } from '../core/errors';
import type { ApiEvent, ApiResult } from './api-types';
import { logger } from '../runtime/logger';
import { json } from './responses';

/** Maps any error to its status and French message; unknown errors become a logged 500. */
function toErrorResponse(error: unknown, event: ApiEvent): ApiResult {
  if (error instanceof AppError) {
    const body = {
      message: error.message,
      ...(error instanceof ValidationError && error.errors.length > 0 ? { errors: error.errors } : {}),
      ...(error.details !== undefined ? { details: error.details } : {}),
    };
    const headers: Record<string, string> = error instanceof TooManyRequestsError ? { 'retry-after': String(error.retryAfterSeconds) } : {};
    return json(error.status, body, headers);
  }
  // The engine's rule refusals carry the specification's French message.
  if (error instanceof SchedulingRuleError)
    return json(error.code.startsWith('INVALID') || error.code === 'OPTION_REQUIRED' ? 400 : 409, { message: error.message, code: error.code });
  const statusCode = (error as { statusCode?: number } | null)?.statusCode;
  if (statusCode === 404) return json(404, { message: messages.notFound });
  if (statusCode === 413) return json(413, { message: messages.fileTooLarge });
  // The route template, never the raw path: paths carry capability ids (buyer links, reset tokens).
  logger.error('unhandled error', { error: error as Error, route: event.routeKey });
  return json(500, { message: messages.serverError });
}

export function errorMapper(): middy.MiddlewareObj<ApiEvent, ApiResult> {
  return {
    onError: async (request) => {
      request.response = toErrorResponse(request.error, request.event);
    },
  };
}
