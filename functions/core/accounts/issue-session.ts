import type { AuthResponse, SessionUser } from '../../../shared/domain/account';
import { createSession } from '../../data/sessions-repository';
import type { UserRecord } from '../../data/users-repository';
import type { Deps } from '../../runtime/deps';
import { newSessionId } from '../security/ids';
import { signToken } from '../security/tokens';

const twelveHours = 12 * 3600;
const thirtyDays = 30 * 24 * 3600;
/** An impersonation token lives at most an hour (part 3 §4). */
const impersonationSeconds = 3600;

/** The administrator's session a simulated one is started from: it ends no later than that one. */
export interface ImpersonatorSession {
  userId: string;
  jti: string;
  exp: number;
}

function lifetimeSeconds(deps: Deps, options: { remember?: boolean; impersonator?: ImpersonatorSession }): number {
  if (!options.impersonator) return options.remember ? thirtyDays : twelveHours;
  const left = options.impersonator.exp - Math.floor(deps.now().getTime() / 1000);
  return Math.max(1, Math.min(impersonationSeconds, left));
}

/** Signs a token and records its session, so logout can end it before it expires. */
export async function issueSession(
  deps: Deps,
  user: UserRecord,
  options: { remember?: boolean; impersonator?: ImpersonatorSession } = {},
): Promise<AuthResponse> {
  const jti = newSessionId();
  const { impersonator } = options;
  const { token, exp } = await signToken(
    await deps.secrets.signingKey(),
    { sub: user._id, role: user.role, jti, act: impersonator ? { sub: impersonator.userId, sid: impersonator.jti } : undefined },
    lifetimeSeconds(deps, options),
    deps.now(),
  );
  await createSession(deps.store, user._id, jti, exp, impersonator);
  return { token, user: sessionUser(user) };
}

/** What the client keeps of a user (part 1 §7 login answer). */
export function sessionUser(user: UserRecord): SessionUser {
  return { _id: user._id, username: user.username, role: user.role, lastname: user.lastname, firstname: user.firstname };
}
