import { decodeJwt } from 'jose';
import { signToken, type TokenClaims } from '../../functions/core/security/tokens';
import { getDeps } from '../../functions/runtime/deps';

/**
 * Runs `run` with the local runtime's clock at `instant` (functions/runtime/clock.ts): the
 * in-process handlers read it at each call, and worker processes started meanwhile (a test pool)
 * inherit it. Calls of `run` at once share it (the clock goes back once the last one ends); they
 * must name the same instant.
 */
let holders = 0;

export async function atClock<T>(instant: string | number, run: () => Promise<T>): Promise<T> {
  const offset = String(new Date(instant).getTime() - Date.now());
  if (holders > 0 && process.env.LIVREA_CLOCK_OFFSET_MS && Math.abs(Number(process.env.LIVREA_CLOCK_OFFSET_MS) - Number(offset)) > 60_000) {
    throw new Error('atClock: two instants at once');
  }
  holders += 1;
  process.env.LIVREA_CLOCK_OFFSET_MS = offset;
  try {
    return await run();
  } finally {
    holders -= 1;
    if (holders === 0) delete process.env.LIVREA_CLOCK_OFFSET_MS;
  }
}

/**
 * The same session's token as signed at `instant`: a token signed on the machine's clock has
 * expired on a clock moved weeks ahead (sessions last minutes). Same subject, role and session id.
 */
export async function tokenAt(token: string | undefined, instant: string | number): Promise<string | undefined> {
  if (!token) return token;
  const claims = decodeJwt(token);
  const act = claims.act as TokenClaims['act'];
  const signed = await signToken(
    await getDeps().secrets.signingKey(),
    { sub: claims.sub!, role: claims.role as TokenClaims['role'], jti: claims.jti!, ...(act ? { act } : {}) },
    claims.exp! - claims.iat!,
    new Date(instant),
  );
  return signed.token;
}
