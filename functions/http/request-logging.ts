import { randomUUID } from 'node:crypto';
import type middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { ApiEvent, ApiResult } from './api-types';
import { logger } from '../runtime/logger';

/** Request and response header that carries the correlation id. */
export const correlationHeader = 'x-correlation-id';

// A caller's id is kept only when it cannot inject anything into a log line or a header.
const acceptableId = /^[A-Za-z0-9._:-]{8,128}$/;

/** The caller's x-correlation-id when it is a plain token, else API Gateway's request id. */
export function correlationIdOf(event: ApiEvent): string {
  const sent = event.headers?.[correlationHeader];
  if (sent && acceptableId.test(sent)) return sent;
  return event.requestContext?.requestId || randomUUID();
}

function withCorrelationHeader<R extends ApiResult | null>(response: R, id: string): R {
  if (!response) return response;
  return { ...response, headers: { ...response.headers, [correlationHeader]: id } } as R;
}

/**
 * Every log line of a request carries the Lambda context (function, request id, cold start) and
 * the correlation id, which is echoed in the response so that a user's report leads to the logs.
 * Keys set during a request are dropped after it (`resetKeys`).
 */
export function requestLogging(): middy.MiddlewareObj<ApiEvent, ApiResult>[] {
  // Per event, not per process: the local server runs several requests of one handler at once.
  const ids = new WeakMap<ApiEvent, string>();
  const idOf = (event: ApiEvent) => ids.get(event) ?? correlationIdOf(event);
  const correlation: middy.MiddlewareObj<ApiEvent, ApiResult> = {
    before: async (request) => {
      const id = correlationIdOf(request.event);
      ids.set(request.event, id);
      logger.setCorrelationId(id);
    },
    after: async (request) => {
      request.response = withCorrelationHeader(request.response, idOf(request.event));
    },
    onError: async (request) => {
      request.response = withCorrelationHeader(request.response, idOf(request.event));
    },
  };
  return [injectLambdaContext(logger, { resetKeys: true }) as middy.MiddlewareObj<ApiEvent, ApiResult>, correlation];
}
