import { listOutboxMessages } from '../../../functions/data/outbox-repository';
import { getDeps } from '../../../functions/runtime/deps';
import { messages } from '../../../shared/i18n/messages';
import { call, createUserAndLogin, uniqueIp } from '../../support/test-api';

async function requestLink(email: string): Promise<{ token: string; link: string }> {
  const response = await call('POST', '/api/user/forgot', { body: { email }, ip: uniqueIp() });
  expect(response.body).toEqual({ message: messages.forgotDone });
  const mail = (await listOutboxMessages(getDeps().db)).find((message) => message.to.includes(email));
  const link = /http\S+reset-password\S+/.exec(mail?.text ?? '')?.[0];
  if (!link) throw new Error('no reset link mailed');
  return { link, token: new URL(link).searchParams.get('token')! };
}

describe('forgot and reset password (part 1 §7, part 3 §5)', () => {
  afterEach(() => jest.restoreAllMocks());

  it("forgot always answers 'Si un compte existe, un email a été envoyé.' and mails only existing accounts", async () => {
    const before = (await listOutboxMessages(getDeps().db)).length;
    const unknown = await call('POST', '/api/user/forgot', { body: { email: 'fantome@test.livrea.fr' }, ip: uniqueIp() });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({ message: messages.forgotDone });
    expect(await listOutboxMessages(getDeps().db)).toHaveLength(before);
    const { email } = await createUserAndLogin('promoter');
    const { link } = await requestLink(email);
    expect(link).toContain(`email=${encodeURIComponent(email)}`);
  });

  it('reset: the new password works, the old one and the old sessions stop', async () => {
    const { email, password, token: session } = await createUserAndLogin('amo');
    const { token } = await requestLink(email);
    const reset = await call('POST', '/api/user/reset', { body: { email, token, newPassword: 'nouveau-mdp-2026' } });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ message: messages.resetDone });
    expect((await call('POST', '/api/users/login', { body: { email, password }, ip: uniqueIp() })).status).toBe(401);
    expect((await call('POST', '/api/users/login', { body: { email, password: 'nouveau-mdp-2026' }, ip: uniqueIp() })).status).toBe(200);
    expect((await call('GET', '/api/users/me', { token: session })).status).toBe(498);
  });

  it('a reset link works once, even when used twice at the same time', async () => {
    const { email } = await createUserAndLogin('customer');
    const { token } = await requestLink(email);
    const attempts = await Promise.all([1, 2, 3].map((n) => call('POST', '/api/user/reset', { body: { email, token, newPassword: `mot-de-passe-${n}` } })));
    expect(attempts.map((response) => response.status).sort()).toEqual([200, 400, 400]);
    expect(attempts.find((response) => response.status === 400)?.body.message).toBe(messages.resetInvalid);
  });

  it('a reset link expires after 20 minutes', async () => {
    const { email } = await createUserAndLogin('promoter');
    const { token } = await requestLink(email);
    const later = new Date(Date.now() + 21 * 60_000);
    jest.spyOn(getDeps(), 'now').mockReturnValue(later);
    const response = await call('POST', '/api/user/reset', { body: { email, token, newPassword: 'trop-tard-1234' } });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(messages.resetInvalid);
  });

  it("the new password needs at least 8 characters ('Au moins 8 caractères') and the link's own e-mail", async () => {
    const { email } = await createUserAndLogin('promoter');
    const { token } = await requestLink(email);
    const short = await call('POST', '/api/user/reset', { body: { email, token, newPassword: 'court' } });
    expect(short.status).toBe(400);
    expect(short.body.errors).toEqual([{ path: 'newPassword', message: messages.passwordTooShort }]);
    const other = await call('POST', '/api/user/reset', { body: { email: 'autre@test.livrea.fr', token, newPassword: 'assez-long-123' } });
    expect(other.body.message).toBe(messages.resetInvalid);
  });
});
