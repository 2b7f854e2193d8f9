import type { AuthResponse, RegisterRequest, SessionUser } from '../../../shared/domain/account';
import { isSelfRegistrable } from '../../../shared/domain/roles';
import { messages } from '../../../shared/messages/common';
import type { JobRecord } from '../../data/jobs-repository';
import { createUser, DuplicateUserError, type UserRecord } from '../../data/users-repository';
import type { Caller } from '../caller';
import type { Deps } from '../../runtime/deps';
import { ConflictError, ForbiddenError } from '../errors';
import { newObjectId } from '../security/ids';
import { hashPassword } from '../security/password-hashing';
import { enforceRateLimit, rateRules } from '../security/rate-limit';
import { issueSession, sessionUser } from './issue-session';
// part 1 §2: buyer area
import { emailVerificationJob } from './email-verification';
import { deliverCommittedJobs } from '../jobs/schedule-job';

/**
 * Creates an account. A buyer account's e-mail is unproven unless `emailProven` (the demo data, test
 * fixtures): it gets the confirmation mail, and its housings once the link is opened (part 1 §2 buyer area).
 * The mails the creation causes (`jobs`, the confirmation) are jobs committed with the account.
 * `passwordHash`, when given, is `request.password` already hashed (`hashPassword`): many accounts of
 * one password (test fixtures) pay scrypt's cost once.
 */
export async function createAccount(
  deps: Deps,
  request: Omit<RegisterRequest, 'role'> & { role: UserRecord['role']; invoiceEntity?: string },
  { emailProven = false, jobs = () => [], passwordHash }: { emailProven?: boolean; jobs?: (user: UserRecord) => JobRecord[]; passwordHash?: string } = {},
): Promise<UserRecord> {
  const now = deps.now().toISOString();
  const user: UserRecord = {
    _id: newObjectId(),
    gender: request.gender,
    firstname: request.firstname,
    lastname: request.lastname,
    enterprise: request.enterprise,
    username: request.username,
    email: request.email,
    role: request.role,
    ...(request.invoiceEntity ? { invoiceEntity: request.invoiceEntity } : {}),
    passwordHash: passwordHash ?? (await hashPassword(request.password)),
    ...(emailProven ? { emailVerifiedAt: now } : {}),
    createdAt: now,
    updatedAt: now,
  };
  const mails = [...jobs(user), ...(user.role === 'customer' && !emailProven ? [emailVerificationJob(deps, user.email)] : [])];
  try {
    await createUser(deps.store, user, mails);
  } catch (error) {
    if (error instanceof DuplicateUserError) throw new ConflictError(error.field === 'email' ? messages.emailTaken : messages.usernameTaken);
    throw error;
  }
  await deliverCommittedJobs(deps, mails);
  return user;
}

/**
 * POST /user. Without an administrator's token it is self-registration: a buyer account, created
 * and signed in at once; a staff role is refused (staff roles are granted by administrators,
 * part 1 §6). With an administrator's token it creates the account with the chosen role (part 3
 * §7) and leaves the administrator's own session as it is.
 */
export async function register(deps: Deps, caller: Caller | null, request: RegisterRequest, sourceIp: string): Promise<AuthResponse | { user: SessionUser }> {
  if (caller?.role === 'administrator') return { user: sessionUser(await createAccount(deps, request)) };
  if (!isSelfRegistrable(request.role)) throw new ForbiddenError(messages.staffRoleByAdministrator);
  await enforceRateLimit(deps.store, rateRules.registerPerIp, sourceIp, deps.now());
  const user = await createAccount(deps, request);
  return issueSession(deps, user);
}
