import { mailEmailVerification } from '../../../functions/core/accounts/email-verification-mail';
import { mailResetLink } from '../../../functions/core/accounts/password-reset';
import { newObjectId } from '../../../functions/core/security/ids';
import { visitMail } from '../../../functions/core/virtual-visits/visit-mail';
import { listOutboxMessages } from '../../../functions/data/outbox-repository';
import { createUser } from '../../../functions/data/users-repository';
import { getDeps } from '../../../functions/runtime/deps';
import { clientFileBody, clientRows } from '../../support/client-file';
import type { JobContext } from '../../../functions/core/jobs/job-context';
import { planningBody, runDueJobs } from '../../support/planning-fixtures';
import { call, createUserAndLogin } from '../../support/test-api';

/** The first line of the newest mail to an address with that subject. */
async function firstLine(address: string, subject: string | RegExp): Promise<string> {
  const mail = (await listOutboxMessages(getDeps().store)).find(
    (message) =>
      message.channel === 'email' &&
      message.to.includes(address) &&
      (typeof subject === 'string' ? message.subject === subject : subject.test(message.subject ?? '')),
  );
  if (!mail) throw new Error(`no mail « ${subject} » to ${address}`);
  return mail.text.split('\n')[0];
}

/** The context of a job run, as the dispatcher gives it to a mail job's runner (a fresh job each call). */
function jobRun(): JobContext {
  return { job: { id: newObjectId() } as JobContext['job'], finalAttempt: false };
}

/** An account as registration leaves it (mailbox not yet proven). */
async function account(names: { gender?: 'Madame' | 'Monsieur' | 'Autre'; firstname: string; lastname: string }): Promise<string> {
  const email = `salut-${newObjectId()}@acquereurs.test`;
  const at = new Date().toISOString();
  await createUser(getDeps().store, {
    _id: newObjectId(),
    ...names,
    enterprise: '',
    username: email,
    email,
    role: 'customer',
    passwordHash: 'x',
    createdAt: at,
    updatedAt: at,
  });
  return email;
}

describe('one greeting for every mail (part 2: « Bonjour <NOM>, »): civility and family name, never « Bonjour , »', () => {
  let buyerEmail: string;
  let planningGreeting: string;
  let lotId: string;
  let programId: string;
  let promoterToken: string;
  let meetingUuid: string;

  beforeAll(async () => {
    // A Madame Simon bought a lot; the client file gives no first name (as the buyer).
    const admin = await createUserAndLogin('administrator');
    const promoter = await createUserAndLogin('promoter');
    promoterToken = promoter.token;
    programId = (
      await call('POST', '/api/program/create', {
        token: promoter.token,
        body: { name: 'Résidence Simon', promotername: 'Simon Promotion', colors: ['rgb(67, 99, 134)'] },
      })
    ).body._id;
    const [row] = clientRows(1, `S${Math.random().toString(36).slice(2, 6)}`);
    buyerEmail = row.mailmonsieur;
    expect(
      (
        await call('POST', `/api/programs/${programId}/lockup-clients`, {
          token: admin.token,
          ...(await clientFileBody([{ ...row, titre: 'Madame', nom: 'Simon' }])),
        })
      ).status,
    ).toBe(202);
    lotId = (await call('GET', `/api/programs/${programId}/clients?limit=500`, { token: promoter.token })).body.clients[0]._id;
    const created = await call('POST', '/api/rdv', { token: promoter.token, body: planningBody(programId, [lotId]) });
    expect(created.status).toBe(201);
    await runDueJobs();
    meetingUuid = (await call('GET', `/api/rdv/${created.body.planning._id}`, { token: promoter.token })).body.meetings[0].uuid;
    planningGreeting = (await listOutboxMessages(getDeps().store))
      .find((message) => message.channel === 'email' && message.to.includes(buyerEmail))!
      .text.split('\n')[0];
  }, 120_000);

  it("the planning's invitation mail: 'Bonjour Madame Simon,' (the reference)", () => {
    expect(planningGreeting).toBe('Bonjour Madame Simon,');
  });

  it('the buyer-area invitation mail greets the same buyer as the planning mail does, not « Bonjour , »', async () => {
    expect((await call('POST', `/api/projets/${programId}/clients/${lotId}/invite`, { token: promoterToken })).status).toBe(200);
    expect(await firstLine(buyerEmail, 'Livrea : votre espace acquéreur')).toBe(planningGreeting);
  });

  it('the password-reset mail of that account: the same greeting', async () => {
    await mailResetLink(getDeps(), buyerEmail, jobRun());
    expect(await firstLine(buyerEmail, 'Livrea : réinitialisation de votre mot de passe')).toBe('Bonjour Madame Simon,');
  });

  it("the GDPR mail of the buyer's visit: the same greeting", async () => {
    expect((await call('POST', '/api/gdpr/ask-info', { body: { uuid: meetingUuid } })).status).toBe(200);
    expect(await firstLine(buyerEmail, /données personnelles/)).toBe('Bonjour Madame Simon,');
  });

  it("the e-mail confirmation mail: 'Bonjour Monsieur Moreau,'; without a civility the names as given, 'Bonjour Hugo Moreau,'; without names, 'Bonjour,'", async () => {
    const withCivility = await account({ gender: 'Monsieur', firstname: 'Hugo', lastname: 'Moreau' });
    const without = await account({ gender: 'Autre', firstname: 'Hugo', lastname: 'Moreau' });
    const nameless = await account({ firstname: '', lastname: '' });
    for (const email of [withCivility, without, nameless]) await mailEmailVerification(getDeps(), email, jobRun());
    const subject = 'Livrea : confirmez votre adresse e-mail';
    expect([await firstLine(withCivility, subject), await firstLine(without, subject), await firstLine(nameless, subject)]).toEqual([
      'Bonjour Monsieur Moreau,',
      'Bonjour Hugo Moreau,',
      'Bonjour,',
    ]);
  });

  it("the credentials mail of an account an administrator creates: 'Bonjour Madame Bernard,'", async () => {
    const admin = await createUserAndLogin('administrator');
    const email = `amo-${newObjectId()}@livrea.test`;
    const body = {
      gender: 'Madame',
      firstname: 'Claire',
      lastname: 'Bernard',
      enterprise: 'AMO Conseil',
      username: `amo-${newObjectId()}`,
      email,
      password: 'Motdepasse-1',
      role: 'amo',
      sendEmailCredentials: true,
    };
    expect((await call('POST', '/api/user', { token: admin.token, body })).status).toBe(201);
    expect(await firstLine(email, /./)).toBe('Bonjour Madame Bernard,');
  });

  it("the virtual-visit mail: the visit's name as written ('Bonjour Mme Durand,'), 'Bonjour,' when it has none", () => {
    const visit = { uuid: 'ABCDEFGHJ', name: 'Mme Durand', pointer: 'A12', endDate: new Date().toISOString() } as Parameters<typeof visitMail>[1];
    expect(visitMail(getDeps(), visit, null).text.split('\n')[0]).toBe('Bonjour Mme Durand,');
    expect(visitMail(getDeps(), { ...visit, name: ' ' }, null).text.split('\n')[0]).toBe('Bonjour,');
  });
});
