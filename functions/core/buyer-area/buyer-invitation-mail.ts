import { getUserByEmail } from '../../data/users-repository';
import type { Deps } from '../../runtime/deps';
import { drawResetLink } from '../accounts/password-reset';
import { accountPerson, greetingLine } from '../../../shared/rules/greeting';

/** The job that mails the set-password link: its payload names the address only, never a token. */
export const buyerInvitationJobKind = 'buyer-account-invitation';

/**
 * The job's work: a fresh set-password link (the reset link: 20 minutes, one use, only the newest
 * works) mailed as an invitation. A re-run draws a new link, which replaces the first.
 */
export async function mailBuyerInvitation(deps: Deps, email: string): Promise<void> {
  const user = await getUserByEmail(deps.db, email);
  if (!user || user.role !== 'customer') return;
  const link = await drawResetLink(deps, user);
  await deps.mailer.send({
    to: [user.email],
    subject: 'Livrea : votre espace acquéreur',
    text: [
      greetingLine(accountPerson(user)),
      '',
      'Votre espace acquéreur Livrea est ouvert : vous y retrouvez votre logement, ses actualités, vos documents et vos échanges avec le promoteur.',
      'Choisissez votre mot de passe avec ce lien, valable 20 minutes et utilisable une fois :',
      link,
      '',
      'Lien expiré ? Demandez-en un nouveau depuis « Mot de passe oublié » sur la page de connexion, avec cette adresse e-mail.',
      '',
      'L’équipe Livrea',
    ].join('\n'),
  });
}
