import { signToken } from '../../../functions/core/security/tokens';
import { getDeps } from '../../../functions/runtime/deps';
import { demoAccounts, demoPassword } from '../../../infra/local/demo-data';
import { seedDemoOnce } from '../../../infra/local/seed-demo';
import { messages } from '../../../shared/messages/common';
import { call, createUserAndLogin, ensureTestTable, uniqueIp } from '../../support/test-api';

describe('login and session (part 1 §4, §7 Account API)', () => {
  // The demo seed, as in test/integration/demo-data.test.ts, takes longer than a hook's 30 s on a loaded machine.
  beforeAll(async () => {
    await ensureTestTable();
    await seedDemoOnce(getDeps());
  }, 120_000);

  it.each(demoAccounts.map((account) => [account.email, account.role]))(
    'demo account %s logs in and gets {token, user: {username, role, lastname}}',
    async (email, role) => {
      const response = await call('POST', '/api/users/login', { body: { email, password: demoPassword }, ip: uniqueIp() });
      expect(response.status).toBe(200);
      expect(response.body.token).toEqual(expect.any(String));
      expect(response.body.user).toEqual(expect.objectContaining({ role, username: expect.any(String), lastname: expect.any(String) }));
    },
  );

  it("'Identifiants invalides' alike for an unknown e-mail and a wrong password", async () => {
    const unknown = await call('POST', '/api/users/login', { body: { email: 'personne@demo.livrea.fr', password: 'x-y-z-1234' }, ip: uniqueIp() });
    const wrong = await call('POST', '/api/users/login', { body: { email: 'admin@demo.livrea.fr', password: 'pas-le-bon' }, ip: uniqueIp() });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.body).toEqual({ message: messages.invalidCredentials });
    expect(wrong.body).toEqual(unknown.body);
  });

  it('login validation: invalid e-mail and empty password give the French messages', async () => {
    const response = await call('POST', '/api/users/login', { body: { email: 'pas-un-email', password: '' }, ip: uniqueIp() });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual(
      expect.arrayContaining([
        { path: 'email', message: 'Email invalide' },
        { path: 'password', message: 'Mot de passe invalide' },
      ]),
    );
  });

  it('a missing token answers 401 with a French message', async () => {
    const response = await call('GET', '/api/users/me');
    expect(response.status).toBe(401);
    expect(response.body.message).toBe(messages.authRequired);
  });

  it('a tampered token answers 498', async () => {
    const { token } = await createUserAndLogin('promoter');
    const [header, payload, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), role: 'administrator' })).toString('base64url');
    const response = await call('GET', '/api/users/me', { token: `${header}.${forged}.${signature}` });
    expect(response.status).toBe(498);
    expect(response.body.message).toBe(messages.sessionExpired);
    expect((await call('GET', '/api/users/me', { token: 'pas.un.jeton' })).status).toBe(498);
  });

  it('an expired token answers 498 with the session-expired message', async () => {
    const { user } = await createUserAndLogin('amo');
    const deps = getDeps();
    const { token } = await signToken(
      await deps.secrets.signingKey(),
      { sub: user._id, role: 'amo', jti: 'expired-session' },
      60,
      new Date(Date.now() - 3600_000),
    );
    const response = await call('GET', '/api/users/me', { token });
    expect(response.status).toBe(498);
    expect(response.body).toEqual({ message: messages.sessionExpired });
  });

  it('logout: the token stops working (498) and other sessions stay live', async () => {
    const first = await createUserAndLogin('promoter');
    const second = await call('POST', '/api/users/login', { body: { email: first.email, password: first.password }, ip: uniqueIp() });
    expect((await call('POST', '/api/users/logout', { token: first.token })).status).toBe(204);
    expect((await call('GET', '/api/users/me', { token: first.token })).status).toBe(498);
    expect((await call('GET', '/api/users/me', { token: second.body.token })).status).toBe(200);
  });

  it("'remember me' gives a 30-day token, otherwise 12 hours", async () => {
    const { email, password } = await createUserAndLogin('promoter');
    const expiry = async (remember: boolean) => {
      const { body } = await call('POST', '/api/users/login', { body: { email, password, remember }, ip: uniqueIp() });
      const claims = JSON.parse(Buffer.from(body.token.split('.')[1], 'base64url').toString());
      return claims.exp - claims.iat;
    };
    expect(await expiry(false)).toBe(12 * 3600);
    expect(await expiry(true)).toBe(30 * 24 * 3600);
  });
});
