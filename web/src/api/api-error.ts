import { messages } from '../../../shared/messages/common';

/**
 * The single error rule of the SPA (part 1 §8, part 3 §8 "general rule"). Pure: no DOM, no fetch,
 * so that the message order is unit-tested on its own.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    /** HTTP status; 0 when no answer arrived. */
    readonly status: number,
    message: string,
    /** The parsed error body, when there was one. */
    readonly body?: unknown,
    /** True when the request carried the session's token, still the session's when the answer came (only those may end the session). */
    readonly authenticated = false,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }

  /** Field errors of a 400 answer ({errors: [{path, message}]}), keyed by path. */
  get fieldErrors(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const item of errorList(this.body)) {
      if (item.path && !out[item.path]) out[item.path] = item.message;
    }
    return out;
  }

  /** Every item of the body's `errors` list, for screens that show the server's list. */
  get errorItems(): { path?: string; message: string }[] {
    return errorList(this.body);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonEmpty(value: unknown): value is string {
  return typeof value === 'string' && value.trim().length > 0;
}

function errorList(body: unknown): { path?: string; message: string }[] {
  if (!isRecord(body) || !Array.isArray(body.errors)) return [];
  return body.errors.flatMap((item) => {
    if (nonEmpty(item)) return [{ message: item }];
    if (!isRecord(item)) return [];
    const message = nonEmpty(item.message) ? item.message : nonEmpty(item.msg) ? item.msg : undefined;
    if (!message) return [];
    const path = Array.isArray(item.path) ? item.path.join('.') : nonEmpty(item.path) ? item.path : undefined;
    return [{ path, message }];
  });
}

/**
 * The text shown for a failed answer, in the order of the specification: the body's `message`,
 * `error` (a string), `error.message`, the first item of `errors` (message or msg), the status
 * text, else 'Veuillez vérifier les champs du formulaire'.
 */
/** API Gateway answers its own refusals in English (413, 500, 503): shown in French. */
const gatewayMessages: Record<string, string> = {
  'Request Entity Too Large': messages.requestTooLarge,
  'Internal Server Error': messages.serverError,
  'Service Unavailable': messages.serviceUnavailable,
};

export function apiErrorMessage(body: unknown, statusText?: string): string {
  if (isRecord(body)) {
    if (nonEmpty(body.message)) return gatewayMessages[body.message] ?? body.message;
    if (nonEmpty(body.error)) return body.error;
    if (isRecord(body.error) && nonEmpty(body.error.message)) return body.error.message;
    const [first] = errorList(body);
    if (first) return first.message;
  }
  if (nonEmpty(statusText)) return statusText;
  return messages.formInvalid;
}

/**
 * The text to show for any thrown value; `fallback` replaces the no-answer text when given. A
 * fetch that got no answer throws a TypeError ('Erreur réseau…'); anything else thrown is a fault
 * of the page itself ('Une erreur inconnue est survenue.').
 */
export function errorMessage(error: unknown, fallback?: string): string {
  if (error instanceof ApiError) return error.status === 0 && fallback ? fallback : error.message;
  return fallback ?? (error instanceof TypeError ? messages.unreachable : messages.unknownError);
}

/**
 * Whether the answer to a request was lost rather than refused: no answer at all, or the
 * gateway's timeout (503, 504). A change sent so may have been made, and may still be running on
 * the server (a request's work outlives the gateway's 29 s): it must never be reported as failed.
 */
export function isAnswerLost(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status === 503 || error.status === 504);
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}
