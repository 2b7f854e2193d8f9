import { listOutboxMessages } from '../../../functions/data/outbox-repository';
import { getDeps } from '../../../functions/runtime/deps';
import { buyerAreaMessages } from '../../../shared/messages/buyer-area';
import { messages } from '../../../shared/messages/common';
import { runDueJobs } from '../../support/planning-fixtures';
import { call, uniqueIp } from '../../support/test-api';
import { buyerWorld } from './support';
import { clientFileBody } from '../../support/client-file';
import { importOperation } from '../../support/client-import';
import { raceOnWorkers } from '../../support/test-pool';

let world: Awaited<ReturnType<typeof buyerWorld>>;
beforeAll(async () => {
  world = await buyerWorld('EP');
}, 180_000);
afterEach(() => jest.restoreAllMocks());

let counter = 0;

/** Lots bought under `email`: one as the main buyer's e-mail, one as the second buyer's (`mailmadame`). */
async function lotsFor(email: string): Promise<string[]> {
  counter += 1;
  const lotcomms = [`EP-${counter}-M`, `EP-${counter}-MME`];
  const rows = [
    { ...world.rows[2], lotcomm: lotcomms[0], mailmonsieur: email, mailmadame: '' },
    { ...world.rows[2], lotcomm: lotcomms[1], mailmonsieur: `conjoint-${counter}-${Date.now()}@acquereurs.test`, mailmadame: email },
  ];
  const imported = await call('POST', `/api/programs/${world.programId}/lockup-clients`, { token: world.administrator.token, ...(await clientFileBody(rows)) });
  expect((await importOperation(imported, world.administrator.token)).status).toBe('done');
  return lotcomms;
}

async function register(email: string) {
  const registered = await call('POST', '/api/user', {
    body: {
      gender: 'Madame',
      firstname: 'Nina',
      lastname: 'Roy',
      enterprise: 'Particulier',
      username: email.split('@')[0],
      email,
      password: 'mot-de-passe-1',
      role: 'customer',
    },
    ip: uniqueIp(),
  });
  expect(registered.status).toBe(201);
  return registered.body.token as string;
}

/** The newest confirmation link mailed to `email` (the outbox lists newest first), once the due mail jobs ran. */
async function confirmationLink(email: string): Promise<{ link: string; token: string }> {
  await runDueJobs();
  const mails = (await listOutboxMessages(getDeps().store)).filter(
    (message) => message.to.includes(email) && (message.subject ?? '').includes('confirmez votre adresse'),
  );
  const link = /http\S+\/confirmer-email\S+/.exec(mails[0]?.text ?? '')?.[0];
  if (!link) throw new Error(`no confirmation link mailed to ${email}`);
  return { link, token: new URL(link).searchParams.get('token')! };
}

async function housingLotcomms(token: string): Promise<string[]> {
  const response = await call('GET', '/api/users/me/housings', { token });
  expect(response.status).toBe(200);
  return response.body.housings.map((housing: { lotcomm: string }) => housing.lotcomm).sort();
}

const freshEmail = (name: string) => `${name}-${Date.now()}-${(counter += 1)}@acquereurs.test`;

describe('buyer accounts: housings are linked only to a proven e-mail (part 1 §2 buyer area, §6)', () => {
  it('registering with the e-mail that lots carry gives no housing; opening the mailed link links both (mailmonsieur and mailmadame)', async () => {
    const email = freshEmail('nina');
    const lotcomms = await lotsFor(email);
    const session = await register(email);
    expect(await housingLotcomms(session)).toEqual([]);
    expect((await call('GET', '/api/users/me', { token: session })).body.emailVerified).toBe(false);

    const { link, token } = await confirmationLink(email);
    // A capability link: 256 random bits, base64url.
    expect(token.length).toBeGreaterThanOrEqual(43);
    expect(new URL(link).searchParams.get('email')).toBe(email);
    const opened = await call('POST', '/api/user/verify-email', { body: { email, token } });
    expect(opened.status).toBe(200);
    expect(opened.body.message).toBe(messages.emailConfirmed);
    expect(await housingLotcomms(session)).toEqual([...lotcomms].sort());
    expect((await call('GET', '/api/users/me', { token: session })).body.emailVerified).toBe(true);
  });

  it('a confirmation link works once, even when opened twice at the same time', async () => {
    const email = freshEmail('double');
    await register(email);
    const { token } = await confirmationLink(email);
    // Two worker processes, as two Lambda instances.
    const attempts = await raceOnWorkers(2, { method: 'POST', url: '/api/user/verify-email' }, (race) =>
      Promise.all([1, 2].map(() => race('POST', '/api/user/verify-email', { body: { email, token } }))),
    );
    expect(attempts.map((response) => response.status).sort()).toEqual([200, 400]);
    const again = await call('POST', '/api/user/verify-email', { body: { email, token } });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(messages.emailLinkInvalid);
  }, 120_000);

  it('a confirmation link expires after 24 hours, and another address or token opens nothing', async () => {
    const email = freshEmail('tard');
    await lotsFor(email);
    const session = await register(email);
    const { token } = await confirmationLink(email);
    expect((await call('POST', '/api/user/verify-email', { body: { email: world.buyer.email, token } })).status).toBe(400);
    expect((await call('POST', '/api/user/verify-email', { body: { email, token: `${token}x` } })).status).toBe(400);
    jest.spyOn(getDeps(), 'now').mockReturnValue(new Date(Date.now() + 24 * 3600_000 + 60_000));
    const late = await call('POST', '/api/user/verify-email', { body: { email, token } });
    expect(late.status).toBe(400);
    expect(late.body.message).toBe(messages.emailLinkInvalid);
    jest.restoreAllMocks();
    expect(await housingLotcomms(session)).toEqual([]);
  });

  it('a new link asked from the buyer area replaces the first one', async () => {
    const email = freshEmail('renvoi');
    const lotcomms = await lotsFor(email);
    const session = await register(email);
    const first = await confirmationLink(email);
    const resent = await call('POST', '/api/users/me/verify-email', { token: session, ip: uniqueIp() });
    expect(resent.body).toEqual({ message: messages.emailConfirmationSent, emailVerified: false });
    const second = await confirmationLink(email);
    expect(second.token).not.toBe(first.token);
    expect((await call('POST', '/api/user/verify-email', { body: { email, token: first.token } })).status).toBe(400);
    expect((await call('POST', '/api/user/verify-email', { body: { email, token: second.token } })).status).toBe(200);
    expect(await housingLotcomms(session)).toEqual([...lotcomms].sort());
  });

  it('staff cannot link lots to an unproven account: POST /user/housings is refused, an import links nothing, an invitation mails a confirmation link', async () => {
    const email = freshEmail('usurpe');
    const session = await register(email);
    const [lotcomm] = await lotsFor(email);
    expect(await housingLotcomms(session)).toEqual([]);
    const linked = await call('POST', '/api/user/housings', { token: world.owner.token, body: { email, lotcomm, program: world.programId } });
    expect(linked.status).toBe(409);
    expect(linked.body.message).toBe(buyerAreaMessages.emailNotConfirmed);

    const lots = (await call('GET', `/api/programs/${world.programId}/clients?limit=500`, { token: world.owner.token })).body.clients as {
      _id: string;
      lotcomm: string;
      owner?: string;
    }[];
    const lot = lots.find((candidate) => candidate.lotcomm === lotcomm)!;
    expect(lot.owner).toBeUndefined();
    const invited = await call('POST', `/api/projets/${world.programId}/clients/${lot._id}/invite`, { token: world.owner.token });
    expect(invited.status).toBe(200);
    expect(invited.body).toEqual({ message: buyerAreaMessages.confirmationSent, invited: false });
    expect(await housingLotcomms(session)).toEqual([]);
    const { token } = await confirmationLink(email);
    expect((await call('POST', '/api/user/verify-email', { body: { email, token } })).status).toBe(200);
    expect(await housingLotcomms(session)).toContain(lotcomm);
  });

  it('a password reset, mailed to the address, proves it too and links the housings', async () => {
    const email = freshEmail('reset');
    const lotcomms = await lotsFor(email);
    await register(email);
    await call('POST', '/api/user/forgot', { body: { email }, ip: uniqueIp() });
    await runDueJobs();
    const mail = (await listOutboxMessages(getDeps().store)).filter((message) => message.to.includes(email) && message.text.includes('/reset-password'))[0];
    const token = new URL(/http\S+reset-password\S+/.exec(mail?.text ?? '')![0]).searchParams.get('token')!;
    expect((await call('POST', '/api/user/reset', { body: { email, token, newPassword: 'nouveau-mdp-2026' } })).status).toBe(200);
    const login = await call('POST', '/api/users/login', { body: { email, password: 'nouveau-mdp-2026' }, ip: uniqueIp() });
    expect(await housingLotcomms(login.body.token)).toEqual([...lotcomms].sort());
  });
});
