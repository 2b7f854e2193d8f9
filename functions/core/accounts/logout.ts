import { endSimulationsStartedFrom, revokeSession } from '../../data/sessions-repository';
import type { Caller } from '../caller';
import type { Deps } from '../../runtime/deps';
import { simulationEndedLabel } from '../audit/audit-actions';
import { recordImpersonatedCall } from '../audit/audit-log';

/**
 * POST /users/logout. A simulated session's logout is recorded by the route like every write
 * made while simulating; an administrator's own logout also ends the simulations started from
 * that session, and the audit log records their end (part 3 §4 'Impersonation').
 */
export async function logout(deps: Deps, caller: Caller): Promise<void> {
  await revokeSession(deps.store, caller.userId, caller.jti);
  if (caller.role !== 'administrator' || caller.impersonatorId) return;
  const ended = await endSimulationsStartedFrom(deps.store, { userId: caller.userId, jti: caller.jti });
  await Promise.all(ended.map((userId) => recordImpersonatedCall(deps, { administratorId: caller.userId, userId, action: simulationEndedLabel, status: 204 })));
}
