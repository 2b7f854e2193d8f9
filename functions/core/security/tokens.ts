import { errors, jwtVerify, SignJWT } from 'jose';
import { roleSchema, type Role } from '../../../shared/domain/roles';
import { messages } from '../../../shared/messages/common';
import { SessionExpiredError } from '../errors';

/**
 * The administrator acting while impersonating a user (part 3 §4): their id and the id of the
 * session they started the simulation from, which the simulated session lives no longer than.
 */
interface TokenActor {
  sub: string;
  sid: string;
}

/** Claims of a session token. `act` is the RFC 8693 actor claim, `{ sub, sid }`. */
export interface TokenClaims {
  sub: string;
  role: Role;
  jti: string;
  exp: number;
  act?: TokenActor;
}

const issuer = 'livrea';

export async function signToken(key: Uint8Array, claims: Omit<TokenClaims, 'exp'>, ttlSeconds: number, now: Date): Promise<{ token: string; exp: number }> {
  const iat = Math.floor(now.getTime() / 1000);
  const exp = iat + ttlSeconds;
  const token = await new SignJWT({ role: claims.role, ...(claims.act ? { act: { sub: claims.act.sub, sid: claims.act.sid } } : {}) })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sub)
    .setJti(claims.jti)
    .setIssuer(issuer)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(key);
  return { token, exp };
}

function actorOf(claim: unknown): TokenActor | undefined {
  if (claim === undefined) return undefined;
  const { sub, sid } = typeof claim === 'object' && claim !== null ? (claim as { sub?: unknown; sid?: unknown }) : {};
  // An actor without its session could not be ended with it: refused like a tampered token.
  if (typeof sub !== 'string' || sub === '' || typeof sid !== 'string' || sid === '') throw new Error('malformed act claim');
  return { sub, sid };
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
