import { errors, jwtVerify, SignJWT } from 'jose';
import { roleSchema, type Role } from '../../../shared/domain/roles';
import { messages } from '../../../shared/i18n/messages';
import { SessionExpiredError } from '../errors';

/**
 * Claims of a session token. `act` (RFC 8693 actor claim, `{ sub }`) names the administrator
 * acting while impersonating a user (issue 17 §3); here it is carried as the administrator's id.
 */
export interface TokenClaims {
  sub: string;
  role: Role;
  jti: string;
  exp: number;
  act?: string;
}

const issuer = 'livrea';

export async function signToken(key: Uint8Array, claims: Omit<TokenClaims, 'exp'>, ttlSeconds: number, now: Date): Promise<{ token: string; exp: number }> {
  const iat = Math.floor(now.getTime() / 1000);
  const exp = iat + ttlSeconds;
  const token = await new SignJWT({ role: claims.role, ...(claims.act ? { act: { sub: claims.act } } : {}) })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sub)
    .setJti(claims.jti)
    .setIssuer(issuer)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(key);
  return { token, exp };
}

function actorOf(claim: unknown): string | undefined {
  if (claim === undefined) return undefined;
  const sub = typeof claim === 'object' && claim !== null ? (claim as { sub?: unknown }).sub : undefined;
  if (typeof sub !== 'string' || sub === '') throw new Error('malformed act claim');
  return sub;
}

/** Verifies signature and expiry; any failure is a 498 (expired, tampered or malformed). */
export async function verifyToken(key: Uint8Array, token: string, now: Date): Promise<TokenClaims> {
  try {
    const { payload } = await jwtVerify(token, key, { issuer, algorithms: ['HS256'], currentDate: now });
    const role = roleSchema.parse(payload.role);
    if (!payload.sub || !payload.jti || !payload.exp) throw new Error('incomplete token');
    return { sub: payload.sub, role, jti: payload.jti, exp: payload.exp, act: actorOf(payload.act) };
  } catch (error) {
    const reason = error instanceof errors.JWTExpired ? 'expired' : 'invalid';
    throw new SessionExpiredError(messages.sessionExpired, { cause: reason });
  }
}
