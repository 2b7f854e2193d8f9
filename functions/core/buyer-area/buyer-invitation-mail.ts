import { getUserByEmail } from '../../data/users-repository';
import type { Deps } from '../../runtime/deps';
import { deliverOnce } from '../jobs/deliver-once';
import type { JobContext } from '../jobs/job-context';
import { drawResetLink } from '../accounts/password-reset';
import { accountPerson, greetingLine, type GreetingPerson } from '../../../shared/rules/greeting';
import { accountMails } from '../../../shared/messages/account-mails';

/** The job that mails the set-password link: its payload names the address only, never a token. */
export const buyerInvitationJobKind = 'buyer-account-invitation';

/**
 * The job's work: a fresh set-password link (the reset link: 20 minutes, one use, only the newest
 * works) mailed as an invitation, once per job (a re-run after the mail left draws no new link).
 */
export async function mailBuyerInvitation(deps: Deps, email: string, { job }: JobContext): Promise<void> {
  const user = await getUserByEmail(deps.store, email);
  if (!user || user.role !== 'customer') return;
  await deliverOnce(
    deps,
    job.id,
    user.email,
    'email',
    async () => ({ channel: 'email', mail: invitationMail(user.email, accountPerson(user), await drawResetLink(deps, user)) }),
    { fresh: true },
  );
}

function invitationMail(email: string, person: GreetingPerson, link: string) {
  return {
    to: [email],
    subject: accountMails.buyerInvitation.subject,
    text: [
      greetingLine(person),
      '',
      accountMails.buyerInvitation.intro,
      accountMails.buyerInvitation.choosePassword,
      link,
      '',
      accountMails.buyerInvitation.expired,
      '',
      accountMails.signature,
    ].join('\n'),
  };
}
