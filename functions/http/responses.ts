import type { ApiResult } from './api-types';

const baseHeaders = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};

export function json(status: number, body: unknown, headers: Record<string, string> = {}): ApiResult {
  return { statusCode: status, headers: { ...baseHeaders, 'content-type': 'application/json; charset=utf-8', ...headers }, body: JSON.stringify(body) };
}

export function noContent(): ApiResult {
  return { statusCode: 204, headers: baseHeaders };
}

/** 302 to a signed file link: the browser (an <img>, a clicked link) fetches the file from the store itself. */
export function redirect(location: string): ApiResult {
  return { statusCode: 302, headers: { ...baseHeaders, location, 'referrer-policy': 'no-referrer' } };
}

export function binary(body: Buffer, contentType: string, headers: Record<string, string> = {}): ApiResult {
  return {
    statusCode: 200,
    headers: { ...baseHeaders, 'content-type': contentType, ...headers },
    body: body.toString('base64'),
    isBase64Encoded: true,
  };
}
