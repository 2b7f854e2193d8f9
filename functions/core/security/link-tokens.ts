import { createHash, timingSafeEqual } from 'node:crypto';
import { getResetToken, storeResetToken, type TokenPurpose } from '../../data/reset-tokens-repository';
import { getUserByEmail, type UserRecord } from '../../data/users-repository';
import type { Deps } from '../../runtime/deps';
import { newResetToken } from './ids';

/** Single-use mailed links (reset, e-mail confirmation) store only the SHA-256 of their token. */
function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The account a mailed link opens, or null when the link is unknown, replaced by a newer one,
 * already used or expired. The caller consumes the token (conditionally on this hash) in the
 * transaction of its effect, so two openings at once take effect once.
 */
export async function accountOfLink(deps: Deps, email: string, token: string, purpose: TokenPurpose): Promise<{ user: UserRecord; tokenHash: string } | null> {
  const tokenHash = hashToken(token);
  const user = await getUserByEmail(deps.store, email);
  const record = user ? await getResetToken(deps.store, user._id, purpose) : null;
  const nowSeconds = Math.floor(deps.now().getTime() / 1000);
  if (!user || !record || !sameHash(record.tokenHash, tokenHash) || record.expiresAt < nowSeconds) return null;
  return { user, tokenHash };
}

/** Draws a new link of this purpose for the account (256 random bits), replacing its previous one. */
export async function drawLink(deps: Deps, user: UserRecord, purpose: TokenPurpose, validitySeconds: number, page: string): Promise<string> {
  const token = newResetToken();
  const expiresAt = Math.floor(deps.now().getTime() / 1000) + validitySeconds;
  await storeResetToken(deps.store, { userId: user._id, tokenHash: hashToken(token), expiresAt }, purpose);
  return `${deps.config.publicUrl}${page}?email=${encodeURIComponent(user.email)}&token=${encodeURIComponent(token)}`;
}
