import { listOutboxMessages } from '../../../functions/data/outbox-repository';
import { getDeps } from '../../../functions/runtime/deps';
import { messages } from '../../../shared/messages/common';
import { runDueJobs } from '../../support/planning-fixtures';
import { call, createUserAndLogin, signalledJobsIdle, uniqueIp } from '../../support/test-api';
import { raceOnWorkers } from '../../support/test-pool';

/** Asks for a link and returns the newest one mailed (the mail leaves after the answer, as a job). */
async function requestLink(email: string): Promise<{ token: string; link: string }> {
  const response = await call('POST', '/api/user/forgot', { body: { email }, ip: uniqueIp() });
  expect(response.body).toEqual({ message: messages.forgotDone });
  await runDueJobs();
  const mail = (await listOutboxMessages(getDeps().store)).find((message) => message.to.includes(email));
  const link = /http\S+reset-password\S+/.exec(mail?.text ?? '')?.[0];
  if (!link) throw new Error('no reset link mailed');
  return { link, token: new URL(link).searchParams.get('token')! };
}

describe('forgot and reset password (part 1 §7, part 3 §5)', () => {
  afterEach(() => jest.restoreAllMocks());

  it("forgot always answers 'Si un compte existe, un email a été envoyé.' and mails only existing accounts", async () => {
    const before = (await listOutboxMessages(getDeps().store)).length;
    const unknown = await call('POST', '/api/user/forgot', { body: { email: 'fantome@test.livrea.fr' }, ip: uniqueIp() });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({ message: messages.forgotDone });
    await runDueJobs();
    expect(await listOutboxMessages(getDeps().store)).toHaveLength(before);
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
    // Three worker processes, as three Lambda instances.
    const attempts = await raceOnWorkers(3, { method: 'POST', url: '/api/user/reset' }, (race) =>
      Promise.all([1, 2, 3].map((n) => race('POST', '/api/user/reset', { body: { email, token, newPassword: `mot-de-passe-${n}` } }))),
    );
    expect(attempts.map((response) => response.status).sort()).toEqual([200, 400, 400]);
    expect(attempts.find((response) => response.status === 400)?.body.message).toBe(messages.resetInvalid);
  }, 120_000);

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

  it('reset links: issuing a new link invalidates every earlier one', async () => {
    const { email } = await createUserAndLogin('promoter');
    const first = await requestLink(email);
    const second = await requestLink(email);
    expect(second.token).not.toBe(first.token);
    const old = await call('POST', '/api/user/reset', { body: { email, token: first.token, newPassword: 'ancien-lien-123' } });
    expect(old.status).toBe(400);
    expect(old.body.message).toBe(messages.resetInvalid);
    expect((await call('POST', '/api/users/login', { body: { email, password: 'ancien-lien-123' }, ip: uniqueIp() })).status).toBe(401);
    const latest = await call('POST', '/api/user/reset', { body: { email, token: second.token, newPassword: 'dernier-lien-123' } });
    expect(latest.status).toBe(200);
  });

  it('reset links: a reset invalidates every link issued before it', async () => {
    const { email } = await createUserAndLogin('administrator');
    const first = await requestLink(email);
    const second = await requestLink(email);
    expect((await call('POST', '/api/user/reset', { body: { email, token: second.token, newPassword: 'apres-reset-123' } })).status).toBe(200);
    for (const token of [first.token, second.token]) {
      const replay = await call('POST', '/api/user/reset', { body: { email, token, newPassword: 'pirate-reprise-1' } });
      expect(replay.status).toBe(400);
      expect(replay.body.message).toBe(messages.resetInvalid);
    }
    expect((await call('POST', '/api/users/login', { body: { email, password: 'apres-reset-123' }, ip: uniqueIp() })).status).toBe(200);
  });

  it('reset links: two links asked at once leave exactly one valid link', async () => {
    const { email } = await createUserAndLogin('amo');
    await raceOnWorkers(2, { method: 'POST', url: '/api/user/forgot' }, (race) =>
      Promise.all([1, 2].map(() => race('POST', '/api/user/forgot', { body: { email }, ip: uniqueIp() }))),
    );
    await runDueJobs();
    const tokens = (await listOutboxMessages(getDeps().store))
      .filter((message) => message.to.includes(email))
      .map((message) => new URL(/http\S+reset-password\S+/.exec(message.text)![0]).searchParams.get('token')!);
    expect(tokens).toHaveLength(2);
    const statuses = [];
    for (const [index, token] of tokens.entries())
      statuses.push((await call('POST', '/api/user/reset', { body: { email, token, newPassword: `course-lien-${index}` } })).status);
    expect(statuses.sort()).toEqual([200, 400]);
  }, 120_000);

  it('forgot: the answer does not depend on the account existing; the mail leaves after the answer, only for the real one', async () => {
    const { email } = await createUserAndLogin('customer');
    const unknownEmail = `personne-${Date.now()}@test.livrea.fr`;
    const timings: Record<string, number[]> = { existing: [], unknown: [] };
    const answers: Record<string, { status: number; body: unknown; headerNames: string[] }> = {};
    for (const [kind, address] of [
      ['existing', email],
      ['unknown', unknownEmail],
    ] as const) {
      const started = performance.now();
      // The answer alone: the mail is a job the request hands to the dispatcher (runSoon), not awaited.
      const response = await call('POST', '/api/user/forgot', { body: { email: address }, ip: uniqueIp(), answerOnly: true });
      timings[kind].push(performance.now() - started);
      answers[kind] = { status: response.status, body: response.body, headerNames: Object.keys(response.headers).sort() };
    }
    expect(answers.unknown).toEqual(answers.existing);
    expect(answers.existing.status).toBe(200);
    // The link leaves from the job the request handed over, once.
    const sentTo = async (address: string) => (await listOutboxMessages(getDeps().store)).filter((message) => message.to.includes(address));
    await signalledJobsIdle();
    await runDueJobs();
    expect(await sentTo(email)).toHaveLength(1);
    expect(await sentTo(unknownEmail)).toEqual([]);
    // A bench line, not an assertion: the two paths' durations on this machine.
    for (let round = 0; round < 2; round += 1) {
      const order = [
        ['unknown', unknownEmail],
        ['existing', email],
      ] as const;
      for (const [kind, address] of round === 0 ? order : [...order].reverse()) {
        const started = performance.now();
        await call('POST', '/api/user/forgot', { body: { email: address }, ip: uniqueIp(), answerOnly: true });
        timings[kind].push(performance.now() - started);
      }
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)].toFixed(1);
    console.log(`bench forgot existing median_ms=${median(timings.existing)} unknown median_ms=${median(timings.unknown)}`);
  });
});
