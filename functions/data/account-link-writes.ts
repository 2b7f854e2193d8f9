import type { Db } from './db';
import { consumeResetToken } from './reset-tokens-repository';
import { emailVerifiedUpdate, passwordUpdate } from './users-repository';
import { commitNamedParts, type CommitOutcome } from './named-commit';

/**
 * What an opened link (a reset or a confirmation link, part 1 §7, §2 buyer area) may lose to
 * another writer: the link was used or replaced by a newer one since it was read, or the account
 * is gone.
 */
export type LinkLost = 'link-spent' | 'account-gone';

/** Prove The E-mail By Its Link: the link consumed and the account's e-mail proven, together or not at all. */
export function proveEmailByLink(db: Db, userId: string, tokenHash: string, now: Date): Promise<CommitOutcome<LinkLost>> {
  return commitNamedParts<LinkLost>(db, [
    { role: 'link-spent', items: [consumeResetToken(db, userId, tokenHash, 'email')] },
    { role: 'account-gone', items: [emailVerifiedUpdate(db, userId, now)] },
  ]);
}

/** Set The Password By Its Link: the reset link consumed and the new password set, together or not at all. */
export function setPasswordByLink(db: Db, userId: string, tokenHash: string, passwordHash: string, now: Date): Promise<CommitOutcome<LinkLost>> {
  return commitNamedParts<LinkLost>(db, [
    { role: 'link-spent', items: [consumeResetToken(db, userId, tokenHash)] },
    { role: 'account-gone', items: [passwordUpdate(db, userId, passwordHash, now)] },
  ]);
}
