import { revokeSession } from '../../data/sessions-repository';
import type { Caller } from '../caller';
import type { Deps } from '../../runtime/deps';

export async function logout(deps: Deps, caller: Caller): Promise<void> {
  await revokeSession(deps.db, caller.userId, caller.jti);
}
