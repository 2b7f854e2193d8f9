import type { z } from 'zod';
import { messages } from '../../../shared/messages/common';
import { isSessionToken, readToken } from '../app/session-store';
import { ApiError, apiErrorMessage } from './api-error';
import { idempotencyHeader } from '../../../shared/domain/idempotency-header';

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** JSON body, or FormData for multipart uploads. */
  body?: unknown;
  /** zod schema the answer must satisfy; without it the answer is returned untyped. */
  schema?: z.ZodType<T>;
  /** false for public calls (login, register, reset): no bearer token is sent. */
  auth?: boolean;
  /** A token other than the stored session's (ending a simulation's kept-aside sessions). */
  token?: string;
  signal?: AbortSignal;
  /** 'blob' for images and files. */
  responseType?: 'json' | 'blob';
  /** Sent as Idempotency-Key: the same key sent again never makes the server do the work twice. */
  idempotencyKey?: string;
  /**
   * A change that leaves nothing to find again (a sign-in): without an answer it simply did not
   * reach the server, said as a read's failure is ('Erreur réseau…'), never « l'opération a
   * peut-être abouti », which has nothing to check after a reload.
   */
  repeatable?: boolean;
}

/** Same-origin API under /api; paths are given without the prefix: `apiRequest('/users/me')`. */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', body, schema, auth = true, signal, responseType = 'json', repeatable = method === 'GET' } = options;
  const headers: Record<string, string> = { Accept: responseType === 'json' ? 'application/json' : '*/*' };
  const token = auth ? (options.token ?? readToken()) : null;
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.idempotencyKey) headers[idempotencyHeader] = options.idempotencyKey;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(`/api${path}`, { method, headers, body: payload, signal });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError(0, repeatable ? messages.unreachable : messages.answerLost, undefined, isSessionToken(token), { cause });
  }

  if (!response.ok) {
    const errorBody = await readBody(response);
    const lost = !repeatable && (response.status === 503 || response.status === 504);
    throw new ApiError(response.status, lost ? messages.answerLost : apiErrorMessage(errorBody, response.statusText), errorBody, isSessionToken(token));
  }
  if (responseType === 'blob') return (await response.blob()) as T;
  const data = await readBody(response);
  if (!schema) return data as T;
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    throw new ApiError(response.status, messages.unknownError, data, isSessionToken(token), { cause: parsed.error });
  }
  return parsed.data;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
