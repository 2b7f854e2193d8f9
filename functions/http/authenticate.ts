import { messages } from '../../shared/messages/common';
import { AuthenticationRequiredError, SessionExpiredError } from '../core/errors';
import { verifyToken } from '../core/security/tokens';
import { areSessionsLive, type SessionRef } from '../data/sessions-repository';
import type { Caller } from '../core/caller';
import type { Deps } from '../runtime/deps';
import type { ApiEvent } from './api-types';

export function bearerToken(event: ApiEvent): string | null {
  const header = event.headers?.authorization ?? event.headers?.Authorization;
  const match = header?.match(/^Bearer\s+(.+)$/i);
  return match ? match[1].trim() : null;
}

/**
 * Missing token → 401; expired, tampered or logged-out token → 498. A simulated session (part 3
 * §4) answers only while the administrator's session it was started from is live too: it ends when
 * the administrator logs out, loses the role or is deleted, as every session of theirs does.
 */
export async function authenticate(deps: Deps, event: ApiEvent): Promise<Caller> {
  const token = bearerToken(event);
  if (!token) throw new AuthenticationRequiredError(messages.authRequired);
  const claims = await verifyToken(await deps.secrets.signingKey(), token, deps.now());
  const sessions: SessionRef[] = [{ userId: claims.sub, jti: claims.jti }, ...(claims.act ? [{ userId: claims.act.sub, jti: claims.act.sid }] : [])];
  if (!(await areSessionsLive(deps.store, sessions))) throw new SessionExpiredError(messages.sessionExpired, { cause: 'revoked' });
  return { userId: claims.sub, role: claims.role, jti: claims.jti, exp: claims.exp, impersonatorId: claims.act?.sub };
}
