import type { AuthResponse, LoginRequest } from '../../../shared/domain/account';
import { messages } from '../../../shared/messages/common';
import { getUserByEmail } from '../../data/users-repository';
import type { Deps } from '../../runtime/deps';
import { InvalidCredentialsError } from '../errors';
import { beginLoginAttempt } from '../security/login-throttle';
import { decoyHash, verifyPassword } from '../security/password-hashing';
import { issueSession } from './issue-session';

/**
 * Same answer, and about the same time, for an unknown e-mail and a wrong password: 401, or 429
 * once the address is past its limit. A right password is never refused by the address's limit.
 */
export async function login(deps: Deps, request: LoginRequest, sourceIp: string): Promise<AuthResponse> {
  const attempt = await beginLoginAttempt(deps.store, request.email, sourceIp, deps.now());
  const user = await getUserByEmail(deps.store, request.email);
  const matches = await verifyPassword(request.password, user?.passwordHash ?? (await decoyHash()));
  if (!user || !matches || user.role === 'anonymousUser') {
    await attempt.failed(deps.now());
    throw attempt.refusal() ?? new InvalidCredentialsError(messages.invalidCredentials);
  }
  await attempt.succeeded();
  return issueSession(deps, user, { remember: request.remember });
}
