import { messages } from '../../../shared/messages/common';
import { setPasswordByLink } from '../../data/account-link-writes';
import { revokeAllSessions } from '../../data/sessions-repository';
import { getUserByEmail, type UserRecord } from '../../data/users-repository';
import type { Deps } from '../../runtime/deps';
import { ValidationError } from '../errors';
import { deliverOnce } from '../jobs/deliver-once';
import type { JobContext } from '../jobs/job-context';
import { queueJob } from '../jobs/schedule-job';
import { accountOfLink, drawLink } from '../security/link-tokens';
import { hashPassword } from '../security/password-hashing';
import { enforceRateLimit, rateRules } from '../security/rate-limit';
import { linkAccountToLots } from './link-housings';
import { accountPerson, greetingLine } from '../../../shared/rules/greeting';
import { accountMails } from '../../../shared/messages/account-mails';

/** A reset link is valid 20 minutes (part 1 §7) and works once. */
const resetLinkValiditySeconds = 20 * 60;

/**
 * Draws a new link for the account (replacing its previous one): the reset link, and the buyer
 * invitation's set-password link (part 1 §2 buyer area, §6), which is the same link under another mail.
 */
export async function drawResetLink(deps: Deps, user: UserRecord): Promise<string> {
  return drawLink(deps, user, 'reset', resetLinkValiditySeconds, '/reset-password');
}

function resetMail(user: UserRecord, link: string) {
  return {
    to: [user.email],
    subject: accountMails.reset.subject,
    text: [greetingLine(accountPerson(user)), '', accountMails.reset.intro, link, '', accountMails.reset.notYou, '', accountMails.signature].join('\n'),
  };
}

/** The job that mails a reset link: its payload names the address only, never a token. */
export const resetLinkJobKind = 'password-reset-mail';

/**
 * Always answers the same message: whether the account exists is never revealed, neither by the
 * answer nor by its duration. The request path does the same work for any address (rate limits,
 * one job); the account is looked up, the link drawn and mailed by the job, after the answer
 * (the lookup and the mail made known accounts answer twice as slowly).
 */
export async function requestPasswordReset(deps: Deps, email: string, sourceIp: string): Promise<{ message: string }> {
  const now = deps.now();
  await enforceRateLimit(deps.store, rateRules.forgotPerIp, sourceIp, now);
  await enforceRateLimit(deps.store, rateRules.forgotPerAccount, email, now);
  await queueJob(deps, resetLinkJobKind, { email });
  return { message: messages.forgotDone };
}

/**
 * Runs the job: mails a new link to an existing account. The new link replaces the account's
 * previous one; an unknown address gets nothing. Once per job: a re-run after the
 * mail left draws no new link (which would void the one mailed).
 */
export async function mailResetLink(deps: Deps, email: string, { job }: JobContext): Promise<void> {
  const user = await getUserByEmail(deps.store, email);
  if (!user || user.role === 'anonymousUser') return;
  await deliverOnce(deps, job.id, user.email, 'email', async () => ({ channel: 'email', mail: resetMail(user, await drawResetLink(deps, user)) }), {
    fresh: true,
  });
}

/**
 * The link was mailed to the account's address, so using it also proves the e-mail (part 1 §2 buyer area): a
 * buyer who registered before confirming gets their housings here too.
 */
export async function resetPassword(deps: Deps, request: { email: string; token: string; newPassword: string }): Promise<{ message: string }> {
  // Only the account's latest link is stored: an earlier one (replaced) or a used one fails here.
  const opened = await accountOfLink(deps, request.email, request.token, 'reset');
  if (!opened) throw new ValidationError(messages.resetInvalid);
  const { user, tokenHash } = opened;
  const reset = await setPasswordByLink(deps.store, user._id, tokenHash, await hashPassword(request.newPassword), deps.now());
  if (!reset.committed) throw new ValidationError(messages.resetInvalid);
  await revokeAllSessions(deps.store, user._id);
  if (!user.emailVerifiedAt) await linkAccountToLots(deps, user);
  return { message: messages.resetDone };
}
