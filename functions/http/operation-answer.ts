import { idempotencyHeader } from '../../shared/domain/idempotency-header';
import { idempotencyKeySchema, type OperationView } from '../../shared/domain/operation';
import { operationMessages } from '../../shared/messages/operations';
import { ValidationError } from '../core/errors';
import type { ApiEvent, ApiResult } from './api-types';
import { json } from './responses';

/**
 * The client's Idempotency-Key header (API Gateway lower-cases header names), checked: a malformed
 * key is refused rather than ignored, since a request without one may run twice when retried.
 */
export function idempotencyKeyOf(event: ApiEvent): string | undefined {
  const raw = event.headers?.[idempotencyHeader.toLowerCase()];
  if (raw === undefined) return undefined;
  const parsed = idempotencyKeySchema.safeParse(raw);
  if (!parsed.success) throw new ValidationError(operationMessages.badKey, [{ path: idempotencyHeader, message: operationMessages.badKey }]);
  return parsed.data;
}

/** 202 with the operation the request started (or had started the first time it was sent). */
export function operationAnswer(started: { operation: OperationView }, message: string = operationMessages.started): ApiResult {
  return json(202, { message, operation: started.operation });
}
