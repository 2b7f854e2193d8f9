import { spyOnSend } from '../../support/send-spy';
import { ScanCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../../../functions/data/keys';
import { getDeps } from '../../../functions/runtime/deps';
import { defaultCustomMail, defaultVirtualVisitText } from '../../../shared/messages/default-templates';
import { adminUserMessages } from '../../../shared/messages/admin';
import { messages } from '../../../shared/messages/common';
import { programWithLots } from '../../support/planning-fixtures';
import { call, createUserAndLogin } from '../../support/test-api';
import { freePlanning, outboxTo, parisIso } from '../planning-actions/support';
import { raceOnWorkers } from '../../support/test-pool';

const newUser = (suffix: string, overrides: Record<string, unknown> = {}) => ({
  firstname: 'Paul',
  lastname: `Durand${suffix}`,
  enterprise: 'Promo SA',
  username: `pdurand${suffix}`,
  email: `paul.durand${suffix}@test.livrea.fr`,
  password: 'Ab3dEf7hJk',
  role: 'promoter',
  gender: 'Monsieur',
  ...overrides,
});

describe('part 3 §2 Users: create (the create-user modal, POST /user with an administrator token)', () => {
  it('creates a promoter, mails the credentials when asked, creates the default templates when asked, and leaves the administrator signed in', async () => {
    const admin = await createUserAndLogin('administrator');
    const created = await call('POST', '/api/user', {
      token: admin.token,
      body: { ...newUser('c1'), sendEmailCredentials: true, createDefaultTemplates: true },
    });
    expect(created.status).toBe(201);
    expect(created.body.user).toEqual(expect.objectContaining({ role: 'promoter', email: 'paul.durandc1@test.livrea.fr' }));
    expect(created.body.user.passwordHash).toBeUndefined();
    const mails = await outboxTo('paul.durandc1@test.livrea.fr');
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('Ab3dEf7hJk');
    // The mail was a job committed with the account; once sent, the job keeps no password.
    const { Items: credentialJobs = [] } = await getDeps().store.doc.send(
      new ScanCommand({
        TableName: getDeps().store.table,
        FilterExpression: 'kind = :kind AND payload.email = :email',
        ExpressionAttributeValues: { ':kind': 'account-credentials-mail', ':email': 'paul.durandc1@test.livrea.fr' },
      }),
    );
    expect(credentialJobs).toEqual([
      expect.objectContaining({
        status: 'done',
        payload: { email: 'paul.durandc1@test.livrea.fr', firstname: 'Paul', lastname: 'Durandc1', gender: 'Monsieur', role: 'promoter' },
      }),
    ]);
    const login = await call('POST', '/api/users/login', { body: { email: 'paul.durandc1@test.livrea.fr', password: 'Ab3dEf7hJk' }, ip: '10.9.0.1' });
    expect(login.status).toBe(200);
    // 'create default templates' (part 1 §9): the new account has the French default set.
    const templates = await call('GET', '/api/users/me/templates', { token: login.body.token });
    expect(templates.status).toBe(200);
    expect(templates.body.templates.map((template: { name: string }) => template.name).sort()).toEqual([
      'Convocation (modèle Livrea)',
      'Visite libre (modèle Livrea)',
    ]);
    // With the custom mail, the virtual-visit promotion and 'Votre AMO se tient à votre disposition' (part 1 §9).
    for (const template of templates.body.templates) {
      expect(template.customMail).toBe(defaultCustomMail);
      expect(template.virtualVisit).toEqual(defaultVirtualVisitText);
      expect(template.virtualVisit.thirdParagraph).toBe('Votre AMO se tient à votre disposition.');
    }
    expect((await call('GET', '/api/users/me', { token: admin.token })).status).toBe(200);
  });

  it("refuses an invalid e-mail with 'L'email saisi n'est pas valide' and a duplicate e-mail with its message", async () => {
    const admin = await createUserAndLogin('administrator');
    const invalid = await call('POST', '/api/user', { token: admin.token, body: newUser('c2', { email: 'pas-un-email' }) });
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toBe(adminUserMessages.emailNotValid);
    expect((await call('POST', '/api/user', { token: admin.token, body: newUser('c3') })).status).toBe(201);
    const duplicate = await call('POST', '/api/user', { token: admin.token, body: newUser('c3b', { email: 'paul.durandc3@test.livrea.fr' }) });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe(messages.emailTaken);
  });

  it('two administrators creating the same e-mail at once: one account, one 409', async () => {
    const admin = await createUserAndLogin('administrator');
    // Two worker processes, as two Lambda instances.
    const [a, b] = await raceOnWorkers(2, { method: 'POST', url: '/api/user' }, (race) =>
      Promise.all([
        race('POST', '/api/user', { token: admin.token, body: newUser('r1') }),
        race('POST', '/api/user', { token: admin.token, body: newUser('r2', { email: 'paul.durandr1@test.livrea.fr' }) }),
      ]),
    );
    expect([a.status, b.status].sort()).toEqual([201, 409]);
  }, 120_000);

  it('self-registration still creates buyers only (part 1 §6 rule kept)', async () => {
    const refused = await call('POST', '/api/user', { body: newUser('s1', { role: 'amo' }), ip: '10.9.1.1' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(messages.staffRoleByAdministrator);
    const administrator = await call('POST', '/api/user', { body: newUser('s2', { role: 'administrator' }), ip: '10.9.1.2' });
    expect(administrator.status).toBe(400);
  });
});

describe('part 3 §7 GET /admin/users: pages, filters, sort and total', () => {
  it('pages in last-name order with the total, filters by role and by the start of the last name, sorts both ways', async () => {
    const admin = await createUserAndLogin('administrator', { lastname: 'Zadmin' });
    for (const [index, name] of ['Martin', 'Bernard', 'Dubois', 'Moreau', 'Laurent'].entries()) {
      expect(
        (await call('POST', '/api/user', { token: admin.token, body: newUser(`l${index}`, { lastname: name, role: index % 2 ? 'amo' : 'promoter' }) })).status,
      ).toBe(201);
    }
    const first = await call('GET', '/api/admin/users?page=1&limit=2', { token: admin.token });
    expect(first.status).toBe(200);
    const all = (await call('GET', '/api/admin/users?page=1&limit=100', { token: admin.token })).body;
    expect(first.body.total).toBe(all.total);
    expect(all.users.map((user: { lastname: string }) => user.lastname)).toEqual(
      [...all.users.map((user: { lastname: string }) => user.lastname)].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );
    const second = (await call('GET', '/api/admin/users?page=2&limit=2', { token: admin.token })).body.users;
    expect([...first.body.users, ...second].map((user: { _id: string }) => user._id)).toEqual(all.users.slice(0, 4).map((user: { _id: string }) => user._id));
    const amos = (await call('GET', `/api/admin/users?page=1&limit=10&filters=${encodeURIComponent(JSON.stringify({ role: 'amo' }))}`, { token: admin.token }))
      .body;
    expect(amos.users.map((user: { lastname: string }) => user.lastname)).toEqual(['Bernard', 'Moreau']);
    expect(amos.total).toBe(2);
    const mo = (
      await call('GET', `/api/admin/users?filters=${encodeURIComponent(JSON.stringify({ lastname: 'mo' }))}&sortField=lastname&sortOrder=descend`, {
        token: admin.token,
      })
    ).body;
    expect(mo).toEqual({ users: [expect.objectContaining({ lastname: 'Moreau' })], total: 1 });
    const descending = (await call('GET', '/api/admin/users?page=1&limit=100&sortOrder=descend', { token: admin.token })).body.users;
    expect(descending.map((user: { _id: string }) => user._id)).toEqual([...all.users].reverse().map((user: { _id: string }) => user._id));
  });

  it('part 3 §2 Users search: e-mail, first and last name in any order, without regard to case or accents; sorted by any column', async () => {
    const admin = await createUserAndLogin('administrator');
    const tag = `z${Date.now().toString(36)}`;
    const lea = newUser(`${tag}a`, {
      firstname: 'Léa',
      lastname: `Dubois${tag}`,
      email: `acquereur1${tag}@demo.livrea.fr`,
      enterprise: 'Zèbre SA',
      role: 'amo',
    });
    const hugo = newUser(`${tag}b`, {
      firstname: 'Hugo',
      lastname: `Dubois${tag}`,
      email: `hugo${tag}@demo.livrea.fr`,
      enterprise: 'Alpha SA',
      role: 'promoter',
    });
    for (const body of [lea, hugo]) expect((await call('POST', '/api/user', { token: admin.token, body })).status).toBe(201);
    const search = (text: string, extra = '') =>
      call('GET', `/api/admin/users?filters=${encodeURIComponent(JSON.stringify({ search: text }))}${extra}`, { token: admin.token });
    const emails = (response: { body: { users: { email: string }[] } }) => response.body.users.map((user) => user.email);
    expect(emails(await search(`acquereur1${tag}@demo`))).toEqual([lea.email]);
    expect(emails(await search(`Dubois${tag} Léa`))).toEqual([lea.email]);
    expect(emails(await search(`lea dubois${tag}`))).toEqual([lea.email]);
    expect(emails(await search(`LÉA DUBOIS${tag.toUpperCase()}`))).toEqual([lea.email]);
    expect((await search(`dubois${tag}`)).body.total).toBe(2);
    // Any column sorts, both ways (ties by last name).
    expect(emails(await search(`dubois${tag}`, '&sortField=firstname&sortOrder=ascend'))).toEqual([hugo.email, lea.email]);
    expect(emails(await search(`dubois${tag}`, '&sortField=firstname&sortOrder=descend'))).toEqual([lea.email, hugo.email]);
    expect(emails(await search(`dubois${tag}`, '&sortField=enterprise'))).toEqual([hugo.email, lea.email]);
    expect(emails(await search(`dubois${tag}`, '&sortField=role'))).toEqual([lea.email, hugo.email]);
    expect(emails(await search(`dubois${tag}`, '&sortField=email&sortOrder=descend'))).toEqual([hugo.email, lea.email]);
    // Without a search, a sort by e-mail pages the whole list in that order.
    const byEmail = (await call('GET', '/api/admin/users?page=1&limit=100&sortField=email', { token: admin.token })).body.users.map(
      (user: { email: string }) => user.email,
    );
    expect(byEmail).toEqual([...byEmail].sort((a: string, b: string) => a.localeCompare(b, 'fr')));
    expect((await call('GET', '/api/admin/users?sortField=password', { token: admin.token })).status).toBe(400);
  });

  it("refuses every non-administrator (403) and a malformed filter with 'Une erreur est survenue lors de la pagination.'", async () => {
    const [admin, promoter] = await Promise.all([createUserAndLogin('administrator'), createUserAndLogin('promoter')]);
    for (const role of ['promoter', 'amo', 'customer', 'moderator'] as const) {
      const other = role === 'promoter' ? promoter : await createUserAndLogin(role);
      const refused = await call('GET', '/api/admin/users', { token: other.token });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(adminUserMessages.listForbidden);
    }
    const malformed = await call('GET', '/api/admin/users?filters=%7Bnot-json', { token: admin.token });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe(adminUserMessages.paginationFailed);
  });

  it('GET /admin/users/business lists the promoters (the entity form choice)', async () => {
    const [admin, promoter] = await Promise.all([createUserAndLogin('administrator'), createUserAndLogin('promoter')]);
    const business = await call('GET', '/api/admin/users/business', { token: admin.token });
    expect(business.status).toBe(200);
    expect(business.body.map((user: { _id: string }) => user._id)).toContain(promoter.user._id);
  });
});

describe('part 3 §2 User detail, §5 admin user edit, deletion', () => {
  it('GET /admin/users/{id} gives the profile and the housings (program, lotcomm, typologie)', async () => {
    const { admin, program, clients } = await programWithLots(2);
    const lot = (await call('GET', `/api/programs/${program._id}/clients?limit=500`, { token: admin.token })).body.clients[0];
    const buyer = await createUserAndLogin('customer', { email: lot.mailmonsieur });
    // The housings the buyer's own area lists: those linked to the account.
    expect(
      (await call('POST', '/api/user/housings', { token: admin.token, body: { email: lot.mailmonsieur, lotcomm: lot.lotcomm, program: program._id } })).status,
    ).toBe(201);
    const detail = await call('GET', `/api/admin/users/${buyer.user._id}`, { token: admin.token });
    expect(detail.status).toBe(200);
    expect(detail.body.user).toEqual(expect.objectContaining({ _id: buyer.user._id, email: lot.mailmonsieur, role: 'customer' }));
    expect(detail.body.housings).toEqual([
      { program: { _id: program._id, name: program.name, promotername: program.promotername }, lotcomm: lot.lotcomm, typologie: clients[0].typologie },
    ]);
    const missing = await call('GET', '/api/admin/users/aaaaaaaaaaaaaaaaaaaaaaaa', { token: admin.token });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(adminUserMessages.userNotFound);
  });

  it('PATCH /admin/users/{id} changes fields, e-mail and role (the old e-mail is freed, the user list counts move, old sessions end)', async () => {
    const admin = await createUserAndLogin('administrator');
    const amo = await createUserAndLogin('amo');
    const before = (await call('GET', `/api/admin/users?filters=${encodeURIComponent(JSON.stringify({ role: 'promoter' }))}`, { token: admin.token })).body
      .total;
    const patched = await call('PATCH', `/api/admin/users/${amo.user._id}`, {
      token: admin.token,
      body: { email: 'nouvel.email@test.livrea.fr', role: 'promoter', ville: 'Lyon' },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.user).toEqual(expect.objectContaining({ email: 'nouvel.email@test.livrea.fr', role: 'promoter', ville: 'Lyon' }));
    expect((await call('GET', '/api/users/me', { token: amo.token })).status).toBe(498);
    expect((await call('POST', '/api/users/login', { body: { email: 'nouvel.email@test.livrea.fr', password: amo.password }, ip: '10.9.2.1' })).status).toBe(
      200,
    );
    expect((await call('GET', `/api/admin/users?filters=${encodeURIComponent(JSON.stringify({ role: 'promoter' }))}`, { token: admin.token })).body.total).toBe(
      before + 1,
    );
    const other = await createUserAndLogin('amo');
    const taken = await call('PATCH', `/api/admin/users/${other.user._id}`, { token: admin.token, body: { email: 'nouvel.email@test.livrea.fr' } });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(messages.emailTaken);
    const empty = await call('PATCH', `/api/admin/users/${other.user._id}`, { token: admin.token, body: { email: '' } });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(adminUserMessages.emailNotValid);
  });

  it("PATCH /admin/users/{id} sets the civility and the invoicing entity: a promoter's own entity, refused when it is another promoter's or the account cannot be billed", async () => {
    const [admin, promoter, other, amo, buyer] = await Promise.all([
      createUserAndLogin('administrator'),
      createUserAndLogin('promoter'),
      createUserAndLogin('promoter'),
      createUserAndLogin('amo'),
      createUserAndLogin('customer'),
    ]);
    const entityOf = async (owner: string) =>
      (
        await call('POST', '/api/admin/client', {
          token: admin.token,
          body: {
            formejuridique: 'sas',
            raisonsociale: `Entité ${owner}`,
            siret: '732 829 320',
            promoter: owner,
            adressenumero: '1',
            adresserue: 'rue Neuve',
            adressecodepostal: '69001',
            adresseville: 'Lyon',
            adressepays: 'France',
          },
        })
      ).body.entity as { _id: string };
    const [own, others] = [await entityOf(promoter.user._id), await entityOf(other.user._id)];
    const patch = (id: string, body: Record<string, unknown>) => call('PATCH', `/api/admin/users/${id}`, { token: admin.token, body });

    const saved = await patch(promoter.user._id, { gender: 'Madame', invoiceEntity: own._id });
    expect(saved.status).toBe(200);
    expect(saved.body.user).toEqual(expect.objectContaining({ gender: 'Madame', invoiceEntity: own._id }));
    expect((await call('GET', `/api/admin/users/${promoter.user._id}`, { token: admin.token })).body.user).toEqual(
      expect.objectContaining({ gender: 'Madame', invoiceEntity: own._id }),
    );

    const foreign = await patch(promoter.user._id, { invoiceEntity: others._id });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe(adminUserMessages.invoiceEntityOfAnotherPromoter);
    // An AMO (who may own programs) can be billed to an entity; a buyer cannot.
    expect((await patch(amo.user._id, { invoiceEntity: others._id })).status).toBe(200);
    const notBilled = await patch(buyer.user._id, { invoiceEntity: own._id });
    expect(notBilled.status).toBe(400);
    expect(notBilled.body.message).toBe(adminUserMessages.invoiceEntityNotForRole);
    expect((await patch(promoter.user._id, { invoiceEntity: 'aaaaaaaaaaaaaaaaaaaaaaaa' })).status).toBe(400);
    expect((await patch(promoter.user._id, { gender: 'Docteur' })).status).toBe(400);
    // '' removes the entity.
    expect((await patch(promoter.user._id, { invoiceEntity: '' })).body.user.invoiceEntity).toBeUndefined();
  });

  it('DELETE /admin/users/{id}: an owner of programs or an authorized AMO is not deleted silently; a free account is, and its e-mail is free again', async () => {
    const { admin, promoter, program } = await programWithLots(1);
    const owner = await call('DELETE', `/api/admin/users/${promoter.user._id}`, { token: admin.token });
    expect(owner.status).toBe(409);
    expect(owner.body.message).toBe(adminUserMessages.ownsPrograms([program.name]));
    const amo = await createUserAndLogin('amo');
    await call('PATCH', `/api/programs/${program._id}`, { token: admin.token, body: { authorized: [amo.user._id] } });
    const authorized = await call('DELETE', `/api/admin/users/${amo.user._id}`, { token: admin.token });
    expect(authorized.status).toBe(409);
    expect(authorized.body.message).toBe(adminUserMessages.authorizedOn([program.name]));
    const free = await createUserAndLogin('amo');
    const total = (await call('GET', '/api/admin/users', { token: admin.token })).body.total;
    const deleted = await call('DELETE', `/api/admin/users/${free.user._id}`, { token: admin.token });
    expect(deleted.status).toBe(200);
    expect((await call('GET', '/api/users/me', { token: free.token })).status).toBe(498);
    expect((await call('GET', '/api/admin/users', { token: admin.token })).body.total).toBe(total - 1);
    expect((await call('POST', '/api/user', { token: admin.token, body: newUser('d1', { email: free.email }) })).status).toBe(201);
    const self = await call('DELETE', `/api/admin/users/${admin.user._id}`, { token: admin.token });
    expect(self.status).toBe(403);
  });

  it('DELETE /admin/users/{id}: a buyer with a booked visit is not deleted silently; the answer counts the visits', async () => {
    const setup = await freePlanning({ lots: 1, days: 1, overrides: { authorizeTrous: true } });
    const [meeting] = setup.meetings;
    const booked = await call('PATCH', `/api/rdv/book/${setup.planningId}`, {
      body: { usr: meeting.uuid, slot: { startDate: parisIso(setup.dayDates[0], '09:30'), amoNb: 0 }, extra: { isInterestedVr: false, visitors: [] } },
    });
    expect(booked.status).toBe(200);
    const buyer = await createUserAndLogin('customer', { email: meeting.guest.mailmonsieur });
    const refused = await call('DELETE', `/api/admin/users/${buyer.user._id}`, { token: setup.admin.token });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(adminUserMessages.hasBookedVisits(1));
    expect((await call('GET', `/api/admin/users/${buyer.user._id}`, { token: setup.admin.token })).status).toBe(200);
  }, 60_000);

  it("PATCH /admin/users/{id} of an account changed between its read and its write: 409 'Erreur lors de la mise à jour de l'utilisateur', the other change kept", async () => {
    const admin = await createUserAndLogin('administrator');
    const target = await createUserAndLogin('amo');
    const doc = getDeps().store.doc;
    let interleaved = false;
    // Another writer changes the profile right before this PATCH commits (deterministic interleaving).
    const spy = spyOnSend(doc, async (command, send) => {
      if (command instanceof TransactWriteCommand && !interleaved) {
        interleaved = true;
        await send(
          new UpdateCommand({
            TableName: getDeps().store.table,
            Key: keys.user(target.user._id),
            UpdateExpression: 'SET firstname = :name, updatedAt = :now',
            ExpressionAttributeValues: { ':name': 'Autre', ':now': new Date(Date.now() + 1000).toISOString() },
          }),
        );
      }
      return send(command);
    });
    try {
      const refused = await call('PATCH', `/api/admin/users/${target.user._id}`, { token: admin.token, body: { firstname: 'Nouveau' } });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(adminUserMessages.updateFailed);
    } finally {
      spy.mockRestore();
    }
    expect((await call('GET', `/api/admin/users/${target.user._id}`, { token: admin.token })).body.user.firstname).toBe('Autre');
  });

  it('two administrators deleting one account at once: one deletion, the count moves once', async () => {
    const admin = await createUserAndLogin('administrator');
    const target = await createUserAndLogin('amo');
    const total = (await call('GET', '/api/admin/users', { token: admin.token })).body.total;
    // Two worker processes, as two Lambda instances.
    const results = await raceOnWorkers(2, { method: 'DELETE', url: `/api/admin/users/${target.user._id}` }, (race) =>
      Promise.all([0, 1].map(() => race('DELETE', `/api/admin/users/${target.user._id}`, { token: admin.token }))),
    );
    expect(results.map((result) => result.status)).toContain(200);
    expect((await call('GET', '/api/admin/users', { token: admin.token })).body.total).toBe(total - 1);
  }, 120_000);
});
