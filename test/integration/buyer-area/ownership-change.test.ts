import { apiRoutes } from '../../../functions/api-routes';
import { listOutboxMessages } from '../../../functions/data/outbox-repository';
import { getDeps } from '../../../functions/runtime/deps';
import { messages } from '../../../shared/messages/common';
import { buyerAreaMessages } from '../../../shared/messages/buyer-area';
import { clientFileBody, multipartFile } from '../../support/client-file';
import { call, uniqueIp, type TestResponse } from '../../support/test-api';
import { buyerWorld, pdf, png, upload } from './support';

/**
 * A lot changing owner (part 1 §6: a buyer sees only their own housing's content). The attacker's
 * flow, exactly: staff invite the lot's buyer A, A sets a password and writes a private
 * conversation with a passport scan; staff change the lot's e-mail to B (A's account deleted or
 * not), invite again, B sets a password. B must find nothing of A's, and A nothing of the housing
 * any more; both see what staff publish to the program afterwards.
 */
let world: Awaited<ReturnType<typeof buyerWorld>>;
beforeAll(async () => {
  world = await buyerWorld('OWN');
  await call('POST', `/api/programs/${world.programId}/avatar`, { token: world.owner.token, ...multipartFile('avatar', 'logo.png', 'image/png', png) });
}, 180_000);

interface Buyer {
  id: string;
  email: string;
  token: string;
}

/** Staff invite the lot's buyer; the buyer sets a password from the mailed link and logs in. */
async function inviteAndSetPassword(lotId: string, email: string): Promise<Buyer> {
  const invited = await call('POST', `/api/projets/${world.programId}/clients/${lotId}/invite`, { token: world.owner.token });
  expect(invited.status).toBe(200);
  const mail = (await listOutboxMessages(getDeps().store))
    .filter((message) => message.to.includes(email) && message.subject === 'Livrea : votre espace acquéreur')
    .at(-1)!;
  const token = new URL(/http\S+reset-password\S+/.exec(mail.text)![0]).searchParams.get('token')!;
  expect((await call('POST', '/api/user/reset', { body: { email, token, newPassword: 'mot-de-passe-acquereur-1' } })).status).toBe(200);
  const login = await call('POST', '/api/users/login', { body: { email, password: 'mot-de-passe-acquereur-1' }, ip: uniqueIp() });
  expect(login.status).toBe(200);
  return { id: login.body.user._id, email, token: login.body.token };
}

async function shareDocument(filename: string, housing?: string): Promise<string> {
  const target = await call('POST', `/api/projets/${world.programId}/documents/upload`, { token: world.owner.token, body: { size: pdf.length } });
  await getDeps().files.put(target.body.key, pdf, 'application/pdf');
  const shared = await call('POST', `/api/projets/${world.programId}/documents`, {
    token: world.owner.token,
    body: { key: target.body.key, filename, ...(housing ? { housing } : {}) },
  });
  expect(shared.status).toBe(201);
  return shared.body.document._id;
}

/** The buyer routes of the group (the staff ones are covered by the isolation matrix). */
const buyerRoutes = apiRoutes['buyer-area'].filter((route) => /^\w+ \/api\/(users\/me|file|program-logo)/.test(route));

describe.each([
  { case: 'former account kept', deleteFormer: false },
  { case: 'former account deleted', deleteFormer: true },
])('a lot changing owner ($case)', ({ deleteFormer }) => {
  const suffix = deleteFormer ? 'D' : 'K';
  const emailA = `ancien-${suffix.toLowerCase()}-${Date.now()}@acquereurs.test`;
  const emailB = `nouveau-${suffix.toLowerCase()}-${Date.now()}@acquereurs.test`;
  let lotId = '';
  let a: Buyer;
  let b: Buyer;
  const former = { ticket: '', passport: '', contract: '', badges: [] as string[] };
  const published = { document: '', post: '' };

  beforeAll(async () => {
    const lotcomm = `OWN-${suffix}`;
    expect(
      (
        await call('POST', `/api/programs/${world.programId}/lockup-clients`, {
          token: world.administrator.token,
          ...(await clientFileBody([{ ...world.rows[1], lotcomm, mailmonsieur: emailA }])),
        })
      ).status,
    ).toBe(202);
    lotId = (
      (await call('GET', `/api/programs/${world.programId}/clients?limit=500`, { token: world.owner.token })).body.clients as { _id: string; lotcomm: string }[]
    ).find((lot) => lot.lotcomm === lotcomm)!._id;

    a = await inviteAndSetPassword(lotId, emailA);
    former.passport = await upload('/api/users/me/answer/upload-files', a.token, 'passeport.png', 'image/png', png);
    const opened = await call('POST', `/api/users/me/housings/${lotId}/tickets`, {
      token: a.token,
      body: { subject: 'Mes coordonnées', message: 'Mon IBAN est FR76 3000 6000 0112 3456 7890 189', files: [former.passport] },
    });
    expect(opened.status).toBe(201);
    former.ticket = opened.body.ticket._id;
    expect(
      (
        await call('POST', `/api/projets/${world.programId}/messages/${former.ticket}/answers`, {
          token: world.amo.token,
          body: { message: 'Bien reçu, Madame A.' },
        })
      ).status,
    ).toBe(201);
    former.contract = await shareDocument('contrat-de-A.pdf', lotId);
    former.badges = (await call('GET', `/api/users/me/housings/${lotId}`, { token: a.token })).body.housing.notifications.map(
      (badge: { _id: string }) => badge._id,
    );
    expect(former.badges.length).toBeGreaterThanOrEqual(2);
    // Readable: the answer is a redirect to a short-lived store link (files never pass through the API).
    expect((await call('GET', `/api/file/${former.passport}`, { token: a.token })).status).toBe(302);

    expect(
      (await call('PATCH', `/api/programs/${world.programId}/clients/${lotId}`, { token: world.owner.token, body: { mailmonsieur: emailB } })).status,
    ).toBe(200);
    if (deleteFormer) expect((await call('DELETE', `/api/admin/users/${a.id}`, { token: world.administrator.token })).status).toBe(200);
    b = await inviteAndSetPassword(lotId, emailB);

    // What staff publish to the whole program after the change reaches its buyers.
    published.document = await shareDocument('reglement-copropriete.pdf');
    const post = await call('POST', `/api/projets/${world.programId}/posts`, {
      token: world.owner.token,
      body: { kind: 'actualite', title: 'Pose des fenêtres', body: 'Semaine 12.' },
    });
    expect(post.status).toBe(201);
    published.post = post.body.post._id;
  }, 180_000);

  const get = (path: string, buyer: Buyer) => call('GET', path, { token: buyer.token });
  const formerTraces = (response: TestResponse) => {
    const text = JSON.stringify(response.body);
    return ['IBAN', 'passeport', 'Madame A', 'contrat-de-A', former.ticket, former.passport, former.contract, ...former.badges].filter((trace) =>
      text.includes(trace),
    );
  };

  it('every buyer route of the group is covered below', () => {
    expect(buyerRoutes.sort()).toEqual(
      [
        'DELETE /api/users/me/housings/{id}/notifications/{notificationId}',
        'GET /api/file/{id}',
        'GET /api/program-logo-from-name',
        'GET /api/users/me/documents',
        'GET /api/users/me/housings',
        'GET /api/users/me/housings/{id}',
        'GET /api/users/me/housings/{id}/posts',
        'GET /api/users/me/housings/{id}/program',
        'GET /api/users/me/housings/{id}/tickets',
        'POST /api/users/me/answer/create',
        'POST /api/users/me/answer/upload-files',
        'POST /api/users/me/housings/{id}/tickets',
      ].sort(),
    );
  });

  it("the new owner's housing shows nothing of the former owner's: no conversation, no badge, no housing document", async () => {
    const list = await get('/api/users/me/housings', b);
    expect(list.body.housings.map((housing: { _id: string }) => housing._id)).toEqual([lotId]);
    expect(formerTraces(list)).toEqual([]);
    const housing = await get(`/api/users/me/housings/${lotId}`, b);
    expect(housing.status).toBe(200);
    expect(housing.body.housing.notifications.map((badge: { badgeName: string }) => badge.badgeName).sort()).toEqual(['actualite', 'documents']);
    const tickets = await get(`/api/users/me/housings/${lotId}/tickets`, b);
    expect(tickets.status).toBe(200);
    expect(tickets.body.tickets).toEqual([]);
    const documents = await get(`/api/users/me/documents?housing=${lotId}`, b);
    expect(documents.body.documents.map((document: { _id: string }) => document._id)).toContain(published.document);
    expect(formerTraces(documents)).toEqual([]);
    const posts = await get(`/api/users/me/housings/${lotId}/posts?kind=actualite`, b);
    expect(posts.body.posts.map((post: { _id: string }) => post._id)).toContain(published.post);
    expect((await get(`/api/users/me/housings/${lotId}/program`, b)).status).toBe(200);
    expect((await get(`/api/program-logo-from-name?name=${encodeURIComponent('Programme OWN')}`, b)).status).toBe(200);
  });

  it("the new owner cannot download the former owner's attachment nor housing document, nor reply in their conversation, nor clear their badge", async () => {
    // Refused; a deleted account's passport scan is erased with it: not found, as any deleted file.
    for (const file of [former.passport, former.contract]) {
      const download = await get(`/api/file/${file}`, b);
      const erased = deleteFormer && file === former.passport;
      expect([download.status, download.body.message]).toEqual(erased ? [404, buyerAreaMessages.fileNotFound] : [403, messages.forbidden]);
    }
    // A deleted account's conversation is erased with it: not found; else refused.
    const reply = await call('POST', '/api/users/me/answer/create', { token: b.token, body: { ticket: former.ticket, message: 'Intrus', files: [] } });
    expect(reply.status).toBe(deleteFormer ? 404 : 403);
    const staffView = await call('GET', `/api/projets/${world.programId}/messages?lot=${lotId}`, { token: world.owner.token });
    expect(JSON.stringify(staffView.body)).not.toContain('Intrus');
    const cleared = await call('DELETE', `/api/users/me/housings/${lotId}/notifications/${former.badges[0]}`, { token: b.token });
    expect(cleared.status).toBe(200);
    expect(formerTraces(cleared)).toEqual([]);
  });

  it("the new owner writes in their own housing: their conversation, their upload; staff keep the former owner's conversation unless that account was deleted", async () => {
    const photo = await upload('/api/users/me/answer/upload-files', b.token, 'compteur.png', 'image/png', png);
    const opened = await call('POST', `/api/users/me/housings/${lotId}/tickets`, {
      token: b.token,
      body: { subject: 'Compteur', message: 'Relevé du compteur', files: [photo] },
    });
    expect(opened.status).toBe(201);
    const ticket = opened.body.ticket._id;
    expect((await call('POST', '/api/users/me/answer/create', { token: b.token, body: { ticket, message: 'Précision', files: [] } })).status).toBe(201);
    expect((await get(`/api/users/me/housings/${lotId}/tickets`, b)).body.tickets.map((mine: { _id: string }) => mine._id)).toEqual([ticket]);
    expect((await get(`/api/file/${photo}`, b)).status).toBe(302);
    // Staff answer B: B gets the badge, and the staff history keeps A's conversation too.
    expect(
      (await call('POST', `/api/projets/${world.programId}/messages/${ticket}/answers`, { token: world.amo.token, body: { message: 'Merci B' } })).status,
    ).toBe(201);
    expect((await get(`/api/users/me/housings/${lotId}`, b)).body.housing.notifications.map((badge: { badgeName: string }) => badge.badgeName).sort()).toEqual([
      'actualite',
      'documents',
      'messages',
    ]);
    const staffView = await call('GET', `/api/projets/${world.programId}/messages?lot=${lotId}`, { token: world.owner.token });
    expect(staffView.body.tickets.map((each: { _id: string }) => each._id).sort()).toEqual((deleteFormer ? [ticket] : [ticket, former.ticket]).sort());
  });

  it("staff answering the former owner's old conversation raise no badge for the new owner and mail nothing to the former owner", async () => {
    const mailsToA = async () =>
      (await listOutboxMessages(getDeps().store)).filter((message) => message.to.includes(emailA) && message.subject === 'Nouveau message : Mes coordonnées');
    const before = await mailsToA();
    // The answer given before the change was mailed to A.
    if (!deleteFormer) expect(before).toHaveLength(1);
    expect(
      (
        await call('POST', `/api/projets/${world.programId}/messages/${former.ticket}/answers`, {
          token: world.owner.token,
          body: { message: 'Dernier mot pour A' },
        })
      ).status,
    ).toBe(deleteFormer ? 404 : 201);
    const housing = await get(`/api/users/me/housings/${lotId}`, b);
    expect(housing.body.housing.notifications.map((badge: { badgeName: string }) => badge.badgeName).sort()).toEqual(['actualite', 'documents', 'messages']);
    expect(JSON.stringify((await get(`/api/users/me/housings/${lotId}/tickets`, b)).body)).not.toContain('Dernier mot');
    expect(await mailsToA()).toHaveLength(before.length);
  });

  if (!deleteFormer) {
    it('the former owner (account kept) loses the housing: every buyer route refuses it or lists nothing of it', async () => {
      const bTicket = (await get(`/api/users/me/housings/${lotId}/tickets`, b)).body.tickets[0];
      const bFile = bTicket.files[0]._id;
      expect((await get('/api/users/me/housings', a)).body.housings).toEqual([]);
      const refused: [string, string, object][] = [
        ['GET', `/api/users/me/housings/${lotId}`, {}],
        ['GET', `/api/users/me/housings/${lotId}/tickets`, {}],
        ['POST', `/api/users/me/housings/${lotId}/tickets`, { body: { subject: 'Encore moi', message: 'x' } }],
        ['GET', `/api/users/me/housings/${lotId}/program`, {}],
        ['GET', `/api/users/me/housings/${lotId}/posts?kind=actualite`, {}],
        ['GET', `/api/users/me/documents?housing=${lotId}`, {}],
        ['DELETE', `/api/users/me/housings/${lotId}/notifications/${former.badges[0]}`, {}],
        ['POST', '/api/users/me/answer/create', { body: { ticket: bTicket._id, message: 'Je lis B', files: [] } }],
        ['POST', '/api/users/me/answer/create', { body: { ticket: former.ticket, message: 'Je reviens', files: [] } }],
        ['GET', `/api/file/${bFile}`, {}],
        // Their own attachment went with their conversation.
        ['GET', `/api/file/${former.passport}`, {}],
        ['GET', `/api/file/${published.document}`, {}],
      ];
      for (const [method, path, options] of refused) {
        const response = await call(method, path, { ...options, token: a.token });
        expect({ method, path, status: response.status, message: response.body?.message }).toEqual({ method, path, status: 403, message: messages.forbidden });
      }
      expect((await get(`/api/program-logo-from-name?name=${encodeURIComponent('Programme OWN')}`, a)).status).toBe(404);
      // Uploading is open to any buyer account (the file belongs to nobody until a message carries it).
      expect((await call('POST', '/api/users/me/answer/upload-files', { token: a.token, ...multipartFile('files', 'a.png', 'image/png', png) })).status).toBe(
        200,
      );
      const staffView = await call('GET', `/api/projets/${world.programId}/messages?lot=${lotId}`, { token: world.owner.token });
      expect(JSON.stringify(staffView.body)).not.toMatch(/Je lis B|Je reviens|Encore moi/);
    });
  }
});
