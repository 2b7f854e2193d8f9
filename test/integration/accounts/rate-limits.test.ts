import { messages } from '../../../shared/i18n/messages';
import { call, createUserAndLogin, uniqueIp } from '../../support/test-api';

describe('rate limits on login and forgot (429, French message)', () => {
  it('login: the 11th attempt on one account within 15 minutes is refused, even from new addresses', async () => {
    const { email } = await createUserAndLogin('promoter');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      statuses.push((await call('POST', '/api/users/login', { body: { email, password: 'mauvais-mdp' }, ip: uniqueIp() })).status);
    }
    expect(statuses.slice(0, 9).every((status) => status === 401)).toBe(true);
    const refused = await call('POST', '/api/users/login', { body: { email, password: 'mauvais-mdp' }, ip: uniqueIp() });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(messages.tooManyAttempts);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('login: one address is limited to 30 attempts per 15 minutes across accounts', async () => {
    const ip = uniqueIp();
    const attempts = await Promise.all(
      Array.from({ length: 31 }, (_, index) => call('POST', '/api/users/login', { body: { email: `inconnu${index}@test.livrea.fr`, password: 'x' }, ip })),
    );
    expect(attempts.filter((response) => response.status === 429)).toHaveLength(1);
  });

  it('forgot: the 4th request for one account within 15 minutes is refused, even from new addresses', async () => {
    const { email } = await createUserAndLogin('customer');
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await call('POST', '/api/user/forgot', { body: { email }, ip: uniqueIp() })).status).toBe(200);
    }
    const refused = await call('POST', '/api/user/forgot', { body: { email }, ip: uniqueIp() });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(messages.tooManyAttempts);
  });

  it('forgot: one network address is limited to 10 requests per 15 minutes across e-mails, unknown ones included', async () => {
    const ip = uniqueIp();
    const statuses: number[] = [];
    for (let index = 0; index < 11; index += 1) {
      statuses.push((await call('POST', '/api/user/forgot', { body: { email: `inconnu${index}@test.livrea.fr` }, ip })).status);
    }
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
    const other = await call('POST', '/api/user/forgot', { body: { email: 'inconnu-autre@test.livrea.fr' }, ip: uniqueIp() });
    expect(other.status).toBe(200);
  });
});
