import { timingSafeEqual } from 'node:crypto';
import type middy from '@middy/core';
import { messages } from '../../shared/messages/common';
import { ForbiddenError } from '../core/errors';
import type { ApiEvent, ApiResult } from './api-types';

/** Header CloudFront adds to every request it forwards to the API (infra/constructs/spa-site.ts). */
export const originHeader = 'x-livrea-origin';

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** True when the request carries the distribution's secret: it came through CloudFront. */
export function carriesOriginSecret(event: ApiEvent, expected = process.env.ORIGIN_VERIFY_SECRET): boolean {
  const sent = event.headers?.[originHeader];
  return !!expected && !!sent && same(sent, expected);
}

/**
 * In AWS the API answers only requests that came through CloudFront: the distribution sends a
 * secret header that a caller of the raw `execute-api` URL does not know, so the site's security
 * headers and single origin cannot be bypassed. A request without it is refused (403, before any
 * authentication or parsing). The secret comes from `ORIGIN_VERIFY_SECRET`; without it (the local
 * runtime) there is nothing to guard, and in AWS its absence is a deployment error said at once.
 */
export function originGuard(expected = process.env.ORIGIN_VERIFY_SECRET): middy.MiddlewareObj<ApiEvent, ApiResult> {
  if (!expected && process.env.LIVREA_RUNTIME === 'aws') throw new Error('Missing environment variable ORIGIN_VERIFY_SECRET');
  return {
    before: async (request) => {
      if (!expected) return;
      if (!carriesOriginSecret(request.event, expected)) throw new ForbiddenError(messages.forbidden);
    },
  };
}
