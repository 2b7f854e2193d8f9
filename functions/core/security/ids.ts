import { randomBytes } from 'node:crypto';

/** Program and user ids: 24 hexadecimal characters, as the specification shows them. */
export function newObjectId(): string {
  return randomBytes(12).toString('hex');
}

/** Capability identifiers (buyer links, reset tokens): 128 random bits or more, URL-safe. */
export function newCapabilityId(bytes = 18): string {
  return randomBytes(bytes).toString('base64url');
}
