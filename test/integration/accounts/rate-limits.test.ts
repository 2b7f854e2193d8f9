import { getDeps } from '../../../functions/runtime/deps';
import { beginLoginAttempt, type LoginAttempt } from '../../../functions/core/security/login-throttle';
import { TooManyRequestsError } from '../../../functions/core/errors';
import { messages } from '../../../shared/messages/common';
import { call, createUserAndLogin, uniqueIp } from '../../support/test-api';

describe('limits on login and forgot (429, French message)', () => {
  afterEach(() => jest.restoreAllMocks());

  const login = (email: string, password: string, ip = uniqueIp()) => call('POST', '/api/users/login', { body: { email, password }, ip });
  const at = (date: Date) => jest.spyOn(getDeps(), 'now').mockReturnValue(date);

  it('login: after 5 wrong passwords each further attempt on the account waits, Retry-After growing to 60 s at most, even from new addresses (part 1 §9)', async () => {
    const { email } = await createUserAndLogin('promoter');
    let clock = Date.now();
    at(new Date(clock));
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await login(email, 'mauvais-mdp')).status).toBe(401);
    const waits: number[] = [];
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const refused = await login(email, 'mauvais-mdp');
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe(messages.tooManyAttempts);
      const wait = Number(refused.headers['retry-after']);
      waits.push(wait);
      clock += wait * 1000;
      at(new Date(clock));
      expect((await login(email, 'mauvais-mdp')).status).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 60]);
  });

  it('login: no lockout: after 13 wrong passwords an administrator signs in as soon as the short delay has passed, and the count starts again (part 1 §9)', async () => {
    const { email, password } = await createUserAndLogin('administrator');
    let clock = Date.now();
    for (let attempt = 0; attempt < 13; attempt += 1) {
      at(new Date(clock));
      expect((await login(email, 'mauvais-mdp')).status).toBe(401);
      clock += 61_000;
    }
    at(new Date(clock - 61_000 + 500));
    const tooSoon = await login(email, password);
    expect(tooSoon.status).toBe(429);
    expect(Number(tooSoon.headers['retry-after'])).toBeLessThanOrEqual(60);
    at(new Date(clock));
    const signedIn = await login(email, password);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.role).toBe('administrator');
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await login(email, 'mauvais-mdp')).status).toBe(401);
  });

  it('login: 20 wrong passwords at once on one account: at most the 5 free ones are checked, the others wait (part 1 §9)', async () => {
    const { email } = await createUserAndLogin('amo');
    const attempts = await Promise.all(Array.from({ length: 20 }, () => login(email, 'mauvais-mdp')));
    const statuses = attempts.map((response) => response.status);
    expect(statuses.filter((status) => status === 401).length).toBeGreaterThanOrEqual(1);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status !== 401).every((status) => status === 429)).toBe(true);
  });

  it('login: 20 wrong guesses at once whose checks are slow: at most 5 are checked, the 6th waits for the 5th to end, then its delay (part 1 §9)', async () => {
    const { email } = await createUserAndLogin('amo');
    const { store: db } = getDeps();
    const start = Date.now();
    const begin = (at: number): Promise<LoginAttempt | 'refused'> =>
      beginLoginAttempt(db, email, uniqueIp(), new Date(at)).then(
        (attempt): LoginAttempt | 'refused' => attempt,
        (error: unknown) => {
          if (error instanceof TooManyRequestsError) return 'refused';
          throw error;
        },
      );
    // Five guesses taken at once and still being checked…
    const first = await Promise.all(Array.from({ length: 5 }, () => begin(start)));
    expect(first.filter((attempt) => attempt === 'refused')).toEqual([]);
    // …when the other fifteen arrive, 2 s later: past the 1 s counted from the 5th's start.
    const later = await Promise.all(Array.from({ length: 15 }, () => begin(start + 2_000)));
    expect(later.filter((attempt) => attempt !== 'refused').length).toBe(0);
    // The five end wrong; the next guess waits 1 s from their end, not from their start.
    const ended = start + 3_000;
    await Promise.all(first.map((attempt) => (attempt === 'refused' ? null : attempt.failed(new Date(ended)))));
    expect(await begin(ended + 500)).toBe('refused');
    expect(await begin(ended + 1_000)).not.toBe('refused');
  });

  it('login: successful logins do not count against the address limit: 40 sign-ins from one office address (part 1 §9)', async () => {
    const office = uniqueIp();
    const people = await Promise.all(Array.from({ length: 8 }, (_, index) => createUserAndLogin(index % 2 ? 'amo' : 'promoter')));
    const statuses = await Promise.all(
      people.map(async ({ email, password }) => {
        const own: number[] = [];
        for (let round = 0; round < 5; round += 1) own.push((await login(email, password, office)).status);
        return own;
      }),
    );
    expect(statuses.flat()).toEqual(Array(40).fill(200));
    expect((await login(people[0].email, 'mauvais-mdp', office)).status).toBe(401);
  });

  it('login: one address is limited to 30 wrong passwords per 15 minutes, across accounts; its right passwords still count for nothing', async () => {
    const ip = uniqueIp();
    const { email, password } = await createUserAndLogin('customer');
    for (let round = 0; round < 3; round += 1) expect((await login(email, password, ip)).status).toBe(200);
    const attempts = await Promise.all(Array.from({ length: 31 }, (_, index) => login(`inconnu-bureau${index}@test.livrea.fr`, 'x', ip)));
    expect(attempts.filter((response) => response.status === 429)).toHaveLength(1);
    expect(attempts.filter((response) => response.status === 401)).toHaveLength(30);
  });

  it("README 'Security limits': the address limit never refuses a right password: after 30 wrong passwords from one office address, the administrator with the right password signs in from it (200), wrong ones get 429", async () => {
    const office = uniqueIp();
    const admin = await createUserAndLogin('administrator');
    const colleague = await createUserAndLogin('promoter');
    for (let index = 0; index < 30; index += 1) expect((await login(`collegue-distrait${index}@test.livrea.fr`, 'mauvais-mdp', office)).status).toBe(401);
    const wrong = await login(colleague.email, 'mauvais-mdp', office);
    expect(wrong.status).toBe(429);
    expect(wrong.body.message).toBe(messages.tooManyAttempts);
    expect(Number(wrong.headers['retry-after'])).toBeGreaterThan(0);
    const signedIn = await login(admin.email, admin.password, office);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.role).toBe('administrator');
    expect((await call('GET', '/api/users/me', { token: signedIn.body.token })).status).toBe(200);
    // The colleague's own wrong password did not lock the colleague out either.
    expect((await login(colleague.email, colleague.password, office)).status).toBe(200);
    // Many right passwords at once from that address: all signed in.
    const people = await Promise.all(Array.from({ length: 4 }, () => createUserAndLogin('amo')));
    expect((await Promise.all(people.map((person) => login(person.email, person.password, office)))).map((response) => response.status)).toEqual([
      200, 200, 200, 200,
    ]);
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
