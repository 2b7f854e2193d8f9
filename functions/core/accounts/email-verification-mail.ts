import { getUserByEmail } from '../../data/users-repository';
import type { Deps } from '../../runtime/deps';
import { deliverOnce } from '../jobs/deliver-once';
import type { JobContext } from '../jobs/job-context';
import { drawLink } from '../security/link-tokens';
import { accountPerson, greetingLine, type GreetingPerson } from '../../../shared/rules/greeting';
import { accountMails } from '../../../shared/messages/account-mails';

/**
 * A buyer account reaches the housings bought under its e-mail only once it proved it holds that
 * mailbox (part 1 §2 buyer area): anyone may register with anyone's address. Registration mails a confirmation
 * link (single use, 256 random bits, 24 hours, only the newest works); opening it links the lots.
 */
const emailLinkValiditySeconds = 24 * 60 * 60;

/** The job that mails the confirmation link: its payload names the address only, never a token. */
export const emailVerificationJobKind = 'email-verification-mail';

/**
 * Runs the job: a fresh link (replacing the previous one) for a buyer account not yet confirmed,
 * once per job (a re-run after the mail left draws no new link).
 */
export async function mailEmailVerification(deps: Deps, email: string, { job }: JobContext): Promise<void> {
  const user = await getUserByEmail(deps.store, email);
  if (!user || user.role !== 'customer' || user.emailVerifiedAt) return;
  await deliverOnce(
    deps,
    job.id,
    user.email,
    'email',
    async () => ({
      channel: 'email',
      mail: verificationMail(user.email, accountPerson(user), await drawLink(deps, user, 'email', emailLinkValiditySeconds, '/confirmer-email')),
    }),
    { fresh: true },
  );
}

function verificationMail(email: string, person: GreetingPerson, link: string) {
  return {
    to: [email],
    subject: accountMails.verification.subject,
    text: [greetingLine(person), '', accountMails.verification.intro, link, '', accountMails.verification.notYou, '', accountMails.signature].join('\n'),
  };
}
