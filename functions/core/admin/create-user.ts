import { type AdminCreateUser, type AdminUser } from '../../../shared/domain/admin-users';
import { adminUserMessages } from '../../../shared/messages/admin';
import { roleLabels, roleSchema } from '../../../shared/domain/roles';
import { z } from 'zod';
import { newJob, scrubJobPayload, type JobRecord } from '../../data/jobs-repository';
import type { Caller } from '../caller';
import type { Deps } from '../../runtime/deps';
import { createAccount } from '../accounts/register';
import { mailOnce } from '../jobs/deliver-once';
import type { JobContext } from '../jobs/job-context';
import { newJobId } from '../jobs/schedule-job';
import { toAdminUser } from './admin-user-view';
import { assertAccountInvoiceEntity } from './account-invoice-entity';
import { createDefaultTemplates } from '../templates/default-templates';
import { accountPerson, greetingLine } from '../../../shared/rules/greeting';
import { isSendPaused } from '../jobs/send-paused';
import { accountMails } from '../../../shared/messages/account-mails';

/** The job that mails a new account its credentials (part 3 §7), written with the account. */
export const credentialsJobKind = 'account-credentials-mail';

const credentialsPayload = z.object({
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  gender: z.string().optional(),
  role: roleSchema,
  // Removed from the job once the mail has left (or was given up): a password is kept no longer than its send.
  password: z.string().optional(),
});
type CredentialsPayload = z.infer<typeof credentialsPayload>;

function credentialsMail(deps: Deps, account: CredentialsPayload & { password: string }): { to: string[]; subject: string; text: string } {
  const loginUrl = `${deps.config.publicUrl.replace(/\/$/, '')}/login`;
  return {
    to: [account.email],
    subject: adminUserMessages.credentialsSubject,
    text: [
      greetingLine(accountPerson(account)),
      '',
      accountMails.credentials.created(roleLabels[account.role]),
      `Adresse de connexion : ${loginUrl}`,
      `Email : ${account.email}`,
      `Mot de passe : ${account.password}`,
      '',
      accountMails.credentials.changePassword,
    ].join('\n'),
  };
}

function credentialsJob(deps: Deps, request: AdminCreateUser): JobRecord {
  const payload: CredentialsPayload = {
    email: request.email,
    firstname: request.firstname,
    lastname: request.lastname,
    gender: request.gender,
    role: request.role,
    password: request.password,
  };
  return newJob(newJobId(), credentialsJobKind, payload, deps.now(), deps.now());
}

/** Runs the job: the credentials mailed once (send record keyed by the job), then the password scrubbed from it. */
export async function mailCredentials(deps: Deps, payload: Record<string, unknown>, { job, finalAttempt }: JobContext): Promise<void> {
  const account = credentialsPayload.parse(payload);
  try {
    // Scrubbed already: the mail left in an earlier run (its send record says so).
    if (account.password !== undefined) await mailOnce(deps, job.id, credentialsMail(deps, { ...account, password: account.password }));
  } catch (error) {
    // A send waiting for a quota is no attempt: the password stays for the run that sends it.
    if (finalAttempt && !isSendPaused(error)) await scrubJobPayload(deps.store, job.id, ['password']);
    throw error;
  }
  await scrubJobPayload(deps.store, job.id, ['password']);
}

/**
 * POST /user with an administrator's token (the create-user modal, part 3 §2, §7): the account
 * with the chosen role and invoicing entity; its credentials mailed when asked (a job). A duplicate e-mail
 * or username is refused with its message (409). The administrator's own session is untouched.
 */
export async function createUserAsAdministrator(deps: Deps, _caller: Caller, request: AdminCreateUser): Promise<{ message: string; user: AdminUser }> {
  if (request.invoiceEntity) await assertAccountInvoiceEntity(deps, request.invoiceEntity, { role: request.role });
  // The credentials mail is a job committed with the account (sent by the dispatcher, once).
  const user = await createAccount(deps, request, { jobs: () => (request.sendEmailCredentials ? [credentialsJob(deps, request)] : []) });
  if (request.createDefaultTemplates) await createDefaultTemplates(deps.store, user._id, deps.now());
  return { message: adminUserMessages.userCreated, user: toAdminUser(user) };
}
