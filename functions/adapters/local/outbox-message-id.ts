import { createHash } from 'node:crypto';
import { newCapabilityId } from '../../core/security/ids';

/** The outbox id of a message: derived from its idempotency key when there is one, else random. */
export function outboxMessageId(idempotencyKey: string | undefined): string {
  return idempotencyKey ? createHash('sha256').update(idempotencyKey).digest('base64url').slice(0, 16) : newCapabilityId(12);
}
