import { createHash } from 'node:crypto';
import type { OperationKind } from '../../../shared/domain/operation';
import { newCapabilityId } from '../security/ids';

/**
 * An operation's id. With the client's idempotency key it is derived from (caller, kind, key): the
 * same request sent again (a retry after a 503 or a lost answer) names the same operation, which
 * already exists, so nothing runs twice; another user's key, or the same key for another kind of
 * work, names another. Without a key, a fresh random id. 128 bits either way: an id is not a
 * secret (GET /operations/{id} checks the caller) but must not collide.
 */
export function operationIdFor(userId: string, kind: OperationKind, idempotencyKey?: string): string {
  if (!idempotencyKey) return `op-${newCapabilityId(16)}`;
  return `op-${createHash('sha256').update(`${userId}\n${kind}\n${idempotencyKey}`).digest('base64url').slice(0, 22)}`;
}

/**
 * An id derived from an operation's, for what the operation creates (a planning, a lot): the same
 * operation run again after a crash, or started again with the same key, writes the same records
 * (conditioned on their absence) instead of new ones. 24 hexadecimal characters, the shape of the
 * specification's object ids.
 */
export function derivedObjectId(operationId: string, name: string): string {
  return createHash('sha256').update(`${operationId}\n${name}`).digest('hex').slice(0, 24);
}
