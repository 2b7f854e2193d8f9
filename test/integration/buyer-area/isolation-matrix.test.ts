import { apiRoutes } from '../../../functions/api-routes';
import { messages } from '../../../shared/messages/common';
import { multipartFile } from '../../support/client-file';
import { outboxSize } from '../../support/isolation-matrix';
import { call, createUserAndLogin, type CallOptions } from '../../support/test-api';
import { buyerWorld, png, upload } from './support';

/**
 * Isolation of the buyer area (part 1 §6): a buyer reaches only their own
 * housings, tickets, files and notifications; staff only their programs'. Every route of the
 * group (and the client detail's Visites Virtuelles tab) is called by every kind of caller; the
 * refused ones get 401 (anonymous) or 403, and leave the buyer area as it was.
 */
type Actor = 'buyer' | 'otherBuyer' | 'owner' | 'amo' | 'otherPromoter' | 'otherAmo' | 'moderator' | 'administrator' | 'anonymous';
const actors: Actor[] = ['otherBuyer', 'otherPromoter', 'otherAmo', 'moderator', 'anonymous', 'buyer', 'owner', 'amo', 'administrator'];
const only = (...allowed: Actor[]) => new Set<Actor>(allowed);
const members = only('owner', 'amo', 'administrator');

let world: Awaited<ReturnType<typeof buyerWorld>> & {
  otherAmo: Awaited<ReturnType<typeof createUserAndLogin>>;
  moderator: Awaited<ReturnType<typeof createUserAndLogin>>;
};
let ticketId = '';
let notificationId = '';
let fileId = '';
const tokenOf = (actor: Actor) => (actor === 'anonymous' ? undefined : world[actor].token);

beforeAll(async () => {
  // An AMO the program does not authorize, and a moderator (no buyer-area role at all).
  const [base, otherAmo, moderator] = await Promise.all([buyerWorld('ISO'), createUserAndLogin('amo'), createUserAndLogin('moderator')]);
  world = { ...base, otherAmo, moderator };
  await call('POST', `/api/programs/${world.programId}/avatar`, { token: world.owner.token, ...multipartFile('avatar', 'logo.png', 'image/png', png) });
  const photo = await upload('/api/users/me/answer/upload-files', world.buyer.token, 'p.png', 'image/png', png);
  ticketId = (
    await call('POST', `/api/users/me/housings/${world.buyerLot._id}/tickets`, {
      token: world.buyer.token,
      body: { subject: 'Iso', message: 'x', files: [photo] },
    })
  ).body.ticket._id;
  fileId = photo;
  await call('POST', `/api/projets/${world.programId}/messages/${ticketId}/answers`, { token: world.owner.token, body: { message: 'ok' } });
}, 180_000);

interface Endpoint {
  name: string;
  allowed: Set<Actor>;
  request: (actor: Actor) => Promise<[string, string, CallOptions]> | [string, string, CallOptions];
}

const housing = () => world.buyerLot._id;
const endpoints: Endpoint[] = [
  { name: 'GET /api/users/me/housings', allowed: only('buyer', 'otherBuyer'), request: () => ['GET', '/api/users/me/housings', {}] },
  { name: 'GET /api/users/me/housings/{id}', allowed: only('buyer'), request: () => ['GET', `/api/users/me/housings/${housing()}`, {}] },
  {
    name: 'DELETE /api/users/me/housings/{id}/notifications/{notificationId}',
    allowed: only('buyer'),
    request: async () => {
      const list = (await call('GET', `/api/users/me/housings/${housing()}`, { token: world.buyer.token })).body.housing.notifications;
      notificationId = list[0]?._id ?? '0'.repeat(24);
      return ['DELETE', `/api/users/me/housings/${housing()}/notifications/${notificationId}`, {}];
    },
  },
  { name: 'GET /api/users/me/housings/{id}/tickets', allowed: only('buyer'), request: () => ['GET', `/api/users/me/housings/${housing()}/tickets`, {}] },
  {
    name: 'POST /api/users/me/housings/{id}/tickets',
    allowed: only('buyer'),
    request: () => ['POST', `/api/users/me/housings/${housing()}/tickets`, { body: { subject: 'S', message: 'M' } }],
  },
  { name: 'GET /api/users/me/housings/{id}/program', allowed: only('buyer'), request: () => ['GET', `/api/users/me/housings/${housing()}/program`, {}] },
  {
    name: 'GET /api/users/me/housings/{id}/posts',
    allowed: only('buyer'),
    request: () => ['GET', `/api/users/me/housings/${housing()}/posts?kind=chantier`, {}],
  },
  { name: 'GET /api/users/me/documents', allowed: only('buyer'), request: () => ['GET', `/api/users/me/documents?housing=${housing()}`, {}] },
  {
    name: 'POST /api/users/me/answer/upload-files',
    allowed: only('buyer', 'otherBuyer'),
    request: () => ['POST', '/api/users/me/answer/upload-files', multipartFile('files', 'a.png', 'image/png', png)],
  },
  {
    name: 'POST /api/users/me/answer/create',
    allowed: only('buyer'),
    request: () => ['POST', '/api/users/me/answer/create', { body: { ticket: ticketId, message: 'Réponse', files: [] } }],
  },
  { name: 'GET /api/file/{id} (by session)', allowed: only('buyer', 'owner', 'amo', 'administrator'), request: () => ['GET', `/api/file/${fileId}`, {}] },
  // A buyer's own program only: others get 404 (the name names nothing of theirs), never the logo.
  {
    name: 'GET /api/program-logo-from-name',
    allowed: only('buyer'),
    request: () => ['GET', `/api/program-logo-from-name?name=${encodeURIComponent('Programme ISO')}`, {}],
  },
  {
    name: 'POST /api/user/housings',
    allowed: members,
    request: () => ['POST', '/api/user/housings', { body: { email: world.buyer.email, lotcomm: world.buyerLot.lotcomm, program: world.programId } }],
  },
  { name: 'GET /api/projets/{id}/messages', allowed: members, request: () => ['GET', `/api/projets/${world.programId}/messages`, {}] },
  {
    name: 'POST /api/projets/{id}/messages/{ticketId}/answers',
    allowed: members,
    request: () => ['POST', `/api/projets/${world.programId}/messages/${ticketId}/answers`, { body: { message: 'Réponse' } }],
  },
  {
    name: 'POST /api/projets/{id}/files',
    allowed: members,
    request: () => ['POST', `/api/projets/${world.programId}/files`, multipartFile('files', 'a.png', 'image/png', png)],
  },
  {
    name: 'POST /api/projets/{id}/posts',
    allowed: members,
    request: () => ['POST', `/api/projets/${world.programId}/posts`, { body: { kind: 'chantier', title: 'T', body: 'B' } }],
  },
  { name: 'GET /api/projets/{id}/faq', allowed: members, request: () => ['GET', `/api/projets/${world.programId}/faq`, {}] },
  { name: 'PUT /api/projets/{id}/faq', allowed: members, request: () => ['PUT', `/api/projets/${world.programId}/faq`, { body: { entries: [] } }] },
  {
    name: 'POST /api/projets/{id}/documents/upload',
    allowed: members,
    request: () => ['POST', `/api/projets/${world.programId}/documents/upload`, { body: { size: 100 } }],
  },
  {
    name: 'POST /api/projets/{id}/documents',
    allowed: members,
    request: async (actor) => {
      // Each allowed caller shares its own upload (a key is its uploader's only).
      const target =
        actor === 'anonymous' ? null : await call('POST', `/api/projets/${world.programId}/documents/upload`, { token: tokenOf(actor), body: { size: 100 } });
      const key = target?.status === 200 ? target.body.key : `uploads/${'x'.repeat(24)}/${'y'.repeat(24)}`;
      if (target?.status === 200)
        await (
          await import('../../../functions/runtime/deps')
        )
          .getDeps()
          .files.put(key, Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(50, 32)]), 'application/pdf');
      return ['POST', `/api/projets/${world.programId}/documents`, { body: { key, filename: 'd.pdf' } }];
    },
  },
  {
    name: 'GET /api/projets/{id}/clients/{clientId}/meetings',
    allowed: members,
    request: () => ['GET', `/api/projets/${world.programId}/clients/${housing()}/meetings`, {}],
  },
  // part 1 §2 buyer area (second part): the buyer invitation (the lot's buyer has an account: linked, no mail)
  {
    name: 'POST /api/projets/{id}/clients/{clientId}/invite',
    allowed: members,
    request: () => ['POST', `/api/projets/${world.programId}/clients/${housing()}/invite`, {}],
  },
  // The staff screen of the buyer area
  { name: 'GET /api/projets/{id}/posts', allowed: members, request: () => ['GET', `/api/projets/${world.programId}/posts?kind=actualite`, {}] },
  { name: 'GET /api/projets/{id}/documents', allowed: members, request: () => ['GET', `/api/projets/${world.programId}/documents`, {}] },
  {
    name: 'DELETE /api/projets/{id}/documents/{documentId}',
    allowed: members,
    request: async (actor) => {
      // A document of the program per call: an allowed caller deletes one, a refused one must leave it.
      const target = await call('POST', `/api/projets/${world.programId}/documents/upload`, { token: world.owner.token, body: { size: 100 } });
      await (
        await import('../../../functions/runtime/deps')
      )
        .getDeps()
        .files.put(target.body.key, Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(50, 32)]), 'application/pdf');
      const shared = await call('POST', `/api/projets/${world.programId}/documents`, {
        token: world.owner.token,
        body: { key: target.body.key, filename: `a-supprimer-${actor}.pdf` },
      });
      return ['DELETE', `/api/projets/${world.programId}/documents/${shared.body.document._id}`, {}];
    },
  },
  // The client detail's Visites Virtuelles tab (group virtual-visits), part of the buyer's file.
  {
    name: 'GET /api/programs/{id}/clients/{clientId}/visites-3d',
    allowed: members,
    request: () => ['GET', `/api/programs/${world.programId}/clients/${housing()}/visites-3d`, {}],
  },
];

it('isolation matrix: every buyer-area route is in the matrix', () => {
  expect(endpoints.map((endpoint) => endpoint.name.split(' (')[0]).sort()).toEqual(
    [...apiRoutes['buyer-area'], 'GET /api/programs/{id}/clients/{clientId}/visites-3d'].sort(),
  );
});

/**
 * What a refused call could have changed: the buyer's housings, badges and conversations, what
 * staff see of the program (conversations, posts, documents, FAQ) and the outbox. Signed links are
 * left out: each answer signs them anew.
 */
async function buyerAreaState(): Promise<string> {
  const buyer = { token: world.buyer.token };
  const owner = { token: world.owner.token };
  const answers = await Promise.all([
    call('GET', '/api/users/me/housings', buyer),
    call('GET', `/api/users/me/housings/${housing()}`, buyer),
    call('GET', `/api/users/me/housings/${housing()}/tickets`, buyer),
    call('GET', `/api/projets/${world.programId}/messages`, owner),
    call('GET', `/api/projets/${world.programId}/posts?kind=actualite`, owner),
    call('GET', `/api/projets/${world.programId}/posts?kind=chantier`, owner),
    call('GET', `/api/projets/${world.programId}/documents`, owner),
    call('GET', `/api/projets/${world.programId}/faq`, owner),
    call('GET', `/api/programs/${world.programId}`, owner),
  ]);
  return JSON.stringify([answers.map((answer) => answer.body), await outboxSize()], (key, value: unknown) =>
    key === 'url' || key === 'nextVisit' ? undefined : value,
  );
}

describe.each(endpoints)('isolation matrix (part 1 §6): $name', (endpoint) => {
  // Refused callers first: their calls are then checked to have changed nothing.
  const refused = actors.filter((actor) => !endpoint.allowed.has(actor));
  const allowed = actors.filter((actor) => endpoint.allowed.has(actor));
  let before = '';

  it('(state before the refused calls)', async () => {
    before = await buyerAreaState();
  });

  it.each(refused)('%s is refused', async (actor) => {
    const [method, path, options] = await endpoint.request(actor);
    // The DELETE's setup shares a document: the state is taken again after it, before the refused call.
    if (endpoint.name.startsWith('DELETE')) before = await buyerAreaState();
    const response = await call(method, path, { ...options, token: tokenOf(actor) });
    if (actor === 'anonymous') expect(response.status).toBe(401);
    else if (endpoint.name.startsWith('GET /api/program-logo-from-name')) expect(response.status).toBe(404);
    else {
      expect(response.status).toBe(403);
      expect(response.body.message).toBe(messages.forbidden);
    }
    if (endpoint.name.startsWith('DELETE')) expect(await buyerAreaState()).toBe(before);
  });

  it('a refused call changed nothing', async () => {
    // (The DELETE compares around each refused call, its setup sharing a document each time.)
    if (!endpoint.name.startsWith('DELETE')) expect(await buyerAreaState()).toBe(before);
  });

  it.each(allowed)('%s is allowed', async (actor) => {
    const [method, path, options] = await endpoint.request(actor);
    const response = await call(method, path, { ...options, token: tokenOf(actor) });
    // A file is answered as a redirect to its signed link in the store (302).
    expect(response.status < 300 || (response.status === 302 && response.headers.location) ? 'success' : { status: response.status, body: response.body }).toBe(
      'success',
    );
  });
});

it("isolation matrix: a buyer cannot reply in, nor attach to, another buyer's conversation; staff of another program cannot answer it", async () => {
  const reply = await call('POST', '/api/users/me/answer/create', { token: world.otherBuyer.token, body: { ticket: ticketId, message: 'Intrus', files: [] } });
  expect(reply.status).toBe(403);
  const stolen = await call('POST', `/api/users/me/housings/${world.buyerLot._id}/tickets`, {
    token: world.buyer.token,
    body: { subject: 'S', message: 'M', files: [fileId] },
  });
  expect(stolen.status).toBe(409);
  const tickets = (await call('GET', `/api/users/me/housings/${world.buyerLot._id}/tickets`, { token: world.buyer.token })).body.tickets;
  expect(JSON.stringify(tickets)).not.toContain('Intrus');
});
