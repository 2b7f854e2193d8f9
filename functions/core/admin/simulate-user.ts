import type { AuthResponse } from '../../../shared/domain/account';
import { adminUserMessages } from '../../../shared/messages/admin';
import type { Caller } from '../caller';
import type { Deps } from '../../runtime/deps';
import { issueSession } from '../accounts/issue-session';
import { ForbiddenError } from '../errors';
import { simulationStartedLabel } from '../audit/audit-actions';
import { recordImpersonatedCall } from '../audit/audit-log';
import { loadUser } from './user-detail';

/**
 * GET /admin/simulate/{id} (part 3 §4 'Impersonation'): a session of the user whose token names
 * the administrator and the administrator's session in its `act` claim; it lives at most an hour
 * and never longer than that session (authenticate.ts). Never from a simulation (the
 * caller's role is then the simulated user's; a token carrying `act` is refused outright), never
 * of another administrator.
 */
export async function simulateUser(deps: Deps, caller: Caller, userId: string): Promise<AuthResponse> {
  if (caller.impersonatorId) throw new ForbiddenError(adminUserMessages.noNestedSimulation);
  const user = await loadUser(deps, userId);
  if (user.role === 'administrator') throw new ForbiddenError(adminUserMessages.cannotSimulateAdministrator);
  const session = await issueSession(deps, user, { impersonator: { userId: caller.userId, jti: caller.jti, exp: caller.exp } });
  await recordImpersonatedCall(deps, { administratorId: caller.userId, userId: user._id, action: simulationStartedLabel, status: 200 });
  return session;
}
