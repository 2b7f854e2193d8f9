import { SignJWT } from 'jose';
import { signToken, verifyToken } from '../../../functions/core/security/tokens';

const key = new Uint8Array(32).fill(7);
const now = new Date('2026-11-24T10:00:00Z');

describe('impersonation tokens (part 3 §4): the `act` claim names the administrator and their session', () => {
  it('a token signed for an administrator acting as a user carries act.sub and act.sid and reads back as the impersonator', async () => {
    const { token } = await signToken(key, { sub: 'user-1', role: 'amo', jti: 'j1', act: { sub: 'admin-1', sid: 'admin-session' } }, 3600, now);
    const claims = await verifyToken(key, token, now);
    expect(claims).toEqual(expect.objectContaining({ sub: 'user-1', role: 'amo', act: { sub: 'admin-1', sid: 'admin-session' } }));
  });

  it('an ordinary token has no actor', async () => {
    const { token } = await signToken(key, { sub: 'user-1', role: 'amo', jti: 'j2' }, 3600, now);
    expect((await verifyToken(key, token, now)).act).toBeUndefined();
  });

  it.each([['admin-1'], [{ sub: 'admin-1' }]])(
    "a malformed act claim (%j: without the administrator's session) is refused like a tampered token (498)",
    async (act) => {
      const token = await new SignJWT({ role: 'amo', act })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('user-1')
        .setJti('j3')
        .setIssuer('livrea')
        .setIssuedAt(now)
        .setExpirationTime(Math.floor(now.getTime() / 1000) + 60)
        .sign(key);
      await expect(verifyToken(key, token, now)).rejects.toMatchObject({ status: 498 });
    },
  );
});
