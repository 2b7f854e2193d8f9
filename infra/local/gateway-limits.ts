import { messages } from '../../shared/messages/common';
import type { LocalResponse } from './api-dispatcher';

/**
 * The limits of the deployed request path, enforced by the local runtime with the answers AWS
 * gives, so that what fails on AWS fails locally first:
 * - Lambda takes an invocation payload of at most 6 MB, both ways: the request's body travels in
 *   the event (base64 when binary), the answer is the handler's result;
 * - API Gateway's HTTP API waits 29 s for its integration (the api functions' timeout too,
 *   infra/constructs/livrea-function.ts), then answers 503 and the instance is abandoned.
 */
export const lambdaPayloadBytes = 6 * 1024 * 1024;

/** How long a request may run before the 503; LIVREA_API_TIMEOUT_MS lets a test wait less than 29 s. */
export function integrationTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  const configured = Number(env.LIVREA_API_TIMEOUT_MS);
  return Number.isFinite(configured) && configured > 0 ? configured : 29_000;
}

/** The dispatch function's timeout (5 minutes, as deployed); past it the worker is replaced and the job's lease brings it back. */
export function jobTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  const configured = Number(env.LIVREA_JOB_TIMEOUT_MS);
  return Number.isFinite(configured) && configured > 0 ? configured : 300_000;
}

/** The size of a body once in the Lambda event: base64 (4 bytes per 3) when binary. */
export function eventBodyBytes(body: Buffer, isText: boolean): number {
  return isText ? body.length : Math.ceil(body.length / 3) * 4;
}

function gatewayAnswer(status: number, message: string): LocalResponse {
  return { status, headers: { 'content-type': 'application/json' }, body: Buffer.from(JSON.stringify({ message })) };
}

/**
 * API Gateway's own answers, with its statuses, worded in French like the rest of the local
 * product (AWS words them in English — 'Request Entity Too Large', 'Internal Server Error',
 * 'Service Unavailable' — and the SPA shows those in French too: web/src/api/api-error.ts).
 */
export const gatewayAnswers = {
  /** A request whose event would exceed Lambda's payload. */
  tooLarge: () => gatewayAnswer(413, messages.requestTooLarge),
  /** The function failed: an answer above the payload limit, a crash, an exit. */
  internalError: () => gatewayAnswer(500, messages.serverError),
  /** The integration ran past its timeout. */
  unavailable: () => gatewayAnswer(503, messages.serviceUnavailable),
};
