import { adminUserMessages, type AdminCreateUser, type AdminUser } from '../../../shared/domain/admin-users';
import { roleLabels } from '../../../shared/domain/roles';
import type { Caller } from '../../http/authenticate';
import type { Deps } from '../../runtime/deps';
import { createAccount } from '../accounts/register';
import { toAdminUser } from './admin-user-view';
import { assertInvoiceEntityExists } from './invoice-entities';
import { createDefaultTemplates } from '../templates/default-templates';
import { accountPerson, greetingLine } from '../../../shared/rules/greeting';

function credentialsMail(deps: Deps, request: AdminCreateUser): { subject: string; text: string } {
  const loginUrl = `${deps.config.publicUrl.replace(/\/$/, '')}/login`;
  return {
    subject: adminUserMessages.credentialsSubject,
    text: [
      greetingLine(accountPerson(request)),
      '',
      `Un compte ${roleLabels[request.role]} a été créé pour vous sur Livrea.`,
      `Adresse de connexion : ${loginUrl}`,
      `Email : ${request.email}`,
      `Mot de passe : ${request.password}`,
      '',
      'Pensez à changer ce mot de passe depuis votre profil après votre première connexion.',
    ].join('\n'),
  };
}

/**
 * POST /user with an administrator's token (the create-user modal, part 3 §2, §7): the account
 * with the chosen role and invoicing entity; its credentials mailed when asked. A duplicate e-mail
 * or username is refused with its message (409). The administrator's own session is untouched.
 */
export async function createUserAsAdministrator(deps: Deps, _caller: Caller, request: AdminCreateUser): Promise<{ message: string; user: AdminUser }> {
  if (request.invoiceEntity) await assertInvoiceEntityExists(deps, request.invoiceEntity);
  const user = await createAccount(deps, request);
  if (request.sendEmailCredentials) {
    await deps.mailer.send({ to: [user.email], ...credentialsMail(deps, request) }, { idempotencyKey: `credentials-${user._id}` });
  }
  if (request.createDefaultTemplates) await createDefaultTemplates(deps.db, user._id, deps.now());
  return { message: adminUserMessages.userCreated, user: toAdminUser(user) };
}
