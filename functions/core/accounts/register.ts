import type { AuthResponse, RegisterRequest } from '../../../shared/domain/account';
import { messages } from '../../../shared/i18n/messages';
import { createUser, DuplicateUserError, type UserRecord } from '../../data/users-repository';
import type { Deps } from '../../runtime/deps';
import { ConflictError } from '../errors';
import { newObjectId } from '../security/ids';
import { hashPassword } from '../security/password-hashing';
import { enforceRateLimit, rateRules } from '../security/rate-limit';
import { issueSession } from './issue-session';

export async function createAccount(deps: Deps, request: Omit<RegisterRequest, 'role'> & { role: UserRecord['role'] }): Promise<UserRecord> {
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
    passwordHash: await hashPassword(request.password),
    createdAt: now,
    updatedAt: now,
  };
  try {
    await createUser(deps.db, user);
  } catch (error) {
    if (error instanceof DuplicateUserError) throw new ConflictError(error.field === 'email' ? messages.emailTaken : messages.usernameTaken);
    throw error;
  }
  return user;
}

/** Self-registration (POST /user): the account is created and signed in at once. */
export async function register(deps: Deps, request: RegisterRequest, sourceIp: string): Promise<AuthResponse> {
  await enforceRateLimit(deps.db, rateRules.registerPerIp, sourceIp, deps.now());
  const user = await createAccount(deps, request);
  return issueSession(deps, user);
}
