import { errors, jwtVerify, SignJWT } from 'jose';
import { roleSchema, type Role } from '../../../shared/domain/roles';
import { messages } from '../../../shared/i18n/messages';
import { SessionExpiredError } from '../errors';

/** Claims of a session token. `imp` is the administrator's id while impersonating a user. */
export interface TokenClaims {
  sub: string;
  role: Role;
  jti: string;
  exp: number;
  imp?: string;
}

const issuer = 'livrea';

export async function signToken(key: Uint8Array, claims: Omit<TokenClaims, 'exp'>, ttlSeconds: number, now: Date): Promise<{ token: string; exp: number }> {
  const iat = Math.floor(now.getTime() / 1000);
  const exp = iat + ttlSeconds;
  const token = await new SignJWT({ role: claims.role, ...(claims.imp ? { imp: claims.imp } : {}) })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sub)
    .setJti(claims.jti)
    .setIssuer(issuer)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(key);
  return { token, exp };
}

/** Verifies signature and expiry; any failure is a 498 (expired, tampered or malformed). */
export async function verifyToken(key: Uint8Array, token: string, now: Date): Promise<TokenClaims> {
  try {
    const { payload } = await jwtVerify(token, key, { issuer, algorithms: ['HS256'], currentDate: now });
    const role = roleSchema.parse(payload.role);
    if (!payload.sub || !payload.jti || !payload.exp) throw new Error('incomplete token');
    return { sub: payload.sub, role, jti: payload.jti, exp: payload.exp, imp: typeof payload.imp === 'string' ? payload.imp : undefined };
  } catch (error) {
    const reason = error instanceof errors.JWTExpired ? 'expired' : 'invalid';
    throw new SessionExpiredError(messages.sessionExpired, { cause: reason });
  }
}
