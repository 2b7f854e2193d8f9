import { SignJWT } from 'jose';
import { signToken, verifyToken } from '../../../functions/core/security/tokens';

const key = new Uint8Array(32).fill(7);
const now = new Date('2026-11-24T10:00:00Z');

describe('impersonation tokens (part 3 §4, issue 17 §3): the `act` claim names the administrator', () => {
  it('a token signed for an administrator acting as a user carries act.sub and reads back as the impersonator', async () => {
    const { token } = await signToken(key, { sub: 'user-1', role: 'amo', jti: 'j1', act: 'admin-1' }, 3600, now);
    const claims = await verifyToken(key, token, now);
    expect(claims).toEqual(expect.objectContaining({ sub: 'user-1', role: 'amo', act: 'admin-1' }));
  });

  it('an ordinary token has no actor', async () => {
    const { token } = await signToken(key, { sub: 'user-1', role: 'amo', jti: 'j2' }, 3600, now);
    expect((await verifyToken(key, token, now)).act).toBeUndefined();
  });

  it('a malformed act claim is refused like a tampered token (498)', async () => {
    const token = await new SignJWT({ role: 'amo', act: 'admin-1' }).setProtectedHeader({ alg: 'HS256' }).setSubject('user-1').setJti('j3').setIssuer('livrea').setIssuedAt(now).setExpirationTime(Math.floor(now.getTime() / 1000) + 60).sign(key);
    await expect(verifyToken(key, token, now)).rejects.toMatchObject({ status: 498 });
  });
});
