import { randomBytes } from 'node:crypto';

/** Program and user ids: 24 hexadecimal characters, as the specification shows them. */
export function newObjectId(): string {
  return randomBytes(12).toString('hex');
}

/**
 * Random URL-safe ids. Below 16 bytes only for ids that grant nothing (log rows, history rows,
 * free meetings): every id that opens something without signing in goes through one of the
 * capability generators below.
 */
export function newCapabilityId(bytes = capabilityBytes): string {
  return randomBytes(bytes).toString('base64url');
}

/** Every capability id has at least 128 random bits; 18 bytes give 144, 24 characters. */
const capabilityBytes = 18;

/** The buyer's link /entrevue/{uuid} (booking, confirmation, cancellation). */
export function newMeetingUuid(): string {
  return newCapabilityId(capabilityBytes);
}

/**
 * The read-only calendar link /pview/{uuid}, also shared by mail and SMS. Older plannings keep
 * their 72-bit uuids, which still resolve; every new planning gets 144 bits.
 */
export function newPlanningUuid(): string {
  return newCapabilityId(capabilityBytes);
}

/** A password-reset link's token (only its SHA-256 is stored). */
export function newResetToken(): string {
  return newCapabilityId(32);
}

/** A session token's id (`jti`): revoking a session deletes its item. */
export function newSessionId(): string {
  return newCapabilityId(capabilityBytes);
}
