import { messages } from '../../../shared/messages/common';
import { proveEmailByLink } from '../../data/account-link-writes';
import { getUserById, type UserRecord } from '../../data/users-repository';
import type { Caller } from '../caller';
import type { Deps } from '../../runtime/deps';
import { ValidationError } from '../errors';
import { linkAccountToLots } from './link-housings';
import { newJob, type JobRecord } from '../../data/jobs-repository';
import { newJobId, queueJob } from '../jobs/schedule-job';
import { accountOfLink } from '../security/link-tokens';
import { emailVerificationJobKind } from './email-verification-mail';
import { enforceRateLimit, rateRules } from '../security/rate-limit';

/** The confirmation mail's job, due now, for a caller to write with the account it confirms. */
export function emailVerificationJob(deps: Deps, email: string): JobRecord {
  return newJob(newJobId(), emailVerificationJobKind, { email }, deps.now(), deps.now());
}

/**
 * Queues the confirmation mail alone (a new link asked for), like the reset link's: the dispatch
 * function sends it, so the auth group needs no mail sender nor the job runners' rights.
 */
export async function sendEmailVerification(deps: Deps, email: string): Promise<void> {
  await queueJob(deps, emailVerificationJobKind, { email });
}

/** POST /user/verify-email {email, token}: proves the e-mail (once) and links the lots that carry it. */
export async function verifyEmail(deps: Deps, request: { email: string; token: string }): Promise<{ message: string }> {
  const opened = await accountOfLink(deps, request.email, request.token, 'email');
  if (!opened) throw new ValidationError(messages.emailLinkInvalid);
  const proven = await proveEmailByLink(deps.store, opened.user._id, opened.tokenHash, deps.now());
  // Opened twice at once, or replaced by a newer link meanwhile: one opening takes effect.
  if (!proven.committed) throw new ValidationError(messages.emailLinkInvalid);
  await linkAccountToLots(deps, opened.user);
  return { message: messages.emailConfirmed };
}

/** POST /users/me/verify-email: a signed-in buyer asks for a new link (the first expired or got lost). */
export async function resendEmailVerification(deps: Deps, caller: Caller, sourceIp: string): Promise<{ message: string; emailVerified: boolean }> {
  const user: UserRecord | null = await getUserById(deps.store, caller.userId);
  if (!user || user.emailVerifiedAt) return { message: messages.emailConfirmed, emailVerified: true };
  await enforceRateLimit(deps.store, rateRules.forgotPerIp, sourceIp, deps.now());
  await enforceRateLimit(deps.store, rateRules.forgotPerAccount, user.email, deps.now());
  await sendEmailVerification(deps, user.email);
  return { message: messages.emailConfirmationSent, emailVerified: false };
}
