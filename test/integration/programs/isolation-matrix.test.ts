import { apiRoutes } from '../../../functions/api-routes';
import type { Role } from '../../../shared/domain/roles';
import { messages } from '../../../shared/messages/common';
import { clientFile, clientRows, multipartFile, xlsxType, clientFileBody } from '../../support/client-file';
import { call, createUserAndLogin, type CallOptions } from '../../support/test-api';
import { getDeps } from '../../../functions/runtime/deps';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { putOperationItem } from '../../../functions/data/operations-repository';
import { operationIdFor } from '../../../functions/core/operations/operation-id';

/**
 * Isolation (part 2 §6; part 3 §6): a promoter or AMO reads and changes only the programs they
 * own or are authorized on; an administrator all; buyers, moderators and anonymous callers none.
 * Every route of the programs group is listed here, with the expected answer for every role.
 */
type Actor = 'administrator' | 'owner' | 'otherPromoter' | 'authorizedAmo' | 'otherAmo' | 'moderator' | 'customer' | 'anonymous';
const actors: Actor[] = ['administrator', 'owner', 'otherPromoter', 'authorizedAmo', 'otherAmo', 'moderator', 'customer', 'anonymous'];
const programListForbidden = "Vous n'avez pas les permissions pour accéder à la liste des programmes";
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

const tokens = {} as Record<Actor, string | undefined>;
const userIds = {} as Record<Actor, string | undefined>;
let programId = '';
let clientId = '';
let fileId = '';
let otherProgramId = '';
let otherProgramClientId = '';
let otherProgramFileId = '';
let file: Buffer;
let operationId = '';

async function newProgram(token: string | undefined, name: string): Promise<string> {
  const response = await call('POST', '/api/program/create', { token, body: { name, promotername: `${name} SA`, colors: ['rgb(1, 2, 3)'] } });
  expect(response.status).toBe(201);
  return response.body._id;
}

/** An operation of the owner's on the program (written as its start would, without its job). */
async function ownersOperation(program: string, ownerId: string): Promise<string> {
  const now = new Date().toISOString();
  const id = operationIdFor(ownerId, 'planning-export');
  await getDeps().store.doc.send(
    new PutCommand(
      putOperationItem(getDeps().store.table, {
        id,
        kind: 'planning-export',
        status: 'running',
        progress: { done: 0, total: 1 },
        programId: program,
        ownerId,
        cursor: 0,
        state: {},
        createdAt: now,
        updatedAt: now,
      }).Put,
    ),
  );
  return id;
}

async function programOf(id: string) {
  return (await call('GET', `/api/programs/${id}`, { token: tokens.administrator })).body;
}

/** The first page of a program's lots (these programs hold a few). */
async function lotsOf(id: string) {
  return (await call('GET', `/api/programs/${id}/clients?limit=500`, { token: tokens.administrator })).body.clients;
}

beforeAll(async () => {
  const roleOf: Record<Exclude<Actor, 'anonymous'>, Role> = {
    administrator: 'administrator',
    owner: 'promoter',
    otherPromoter: 'promoter',
    authorizedAmo: 'amo',
    otherAmo: 'amo',
    moderator: 'moderator',
    customer: 'customer',
  };
  const users = Object.fromEntries(await Promise.all(Object.entries(roleOf).map(async ([actor, role]) => [actor, await createUserAndLogin(role)])));
  for (const actor of actors) {
    tokens[actor] = users[actor]?.token;
    userIds[actor] = users[actor]?.user._id;
  }
  programId = await newProgram(tokens.owner, 'Isolé');
  await call('PATCH', `/api/programs/${programId}`, { token: tokens.owner, body: { authorized: [userIds.authorizedAmo] } });
  await call('POST', `/api/programs/${programId}/lockup-clients`, { token: tokens.administrator, ...(await clientFileBody(clientRows(2, 'ISO'))) });
  await call('POST', `/api/programs/${programId}/avatar`, { token: tokens.owner, ...multipartFile('avatar', 'logo.png', 'image/png', png) });
  clientId = (await lotsOf(programId))[0]._id;
  file = await clientFile(clientRows(1, 'SENT'));
  await call('POST', `/api/programs/${programId}/xlsx-send`, { token: tokens.owner, ...multipartFile('clients', 'c.xlsx', xlsxType, file) });
  fileId = (await call('GET', `/api/programs/${programId}/client-files`, { token: tokens.owner })).body.files[0]._id;
  operationId = await ownersOperation(programId, userIds.owner!);

  otherProgramId = await newProgram(tokens.otherPromoter, 'Autre');
  await call('POST', `/api/programs/${otherProgramId}/lockup-clients`, { token: tokens.administrator, ...(await clientFileBody(clientRows(1, 'OTH'))) });
  otherProgramClientId = (await lotsOf(otherProgramId))[0]._id;
  await call('POST', `/api/programs/${otherProgramId}/xlsx-send`, { token: tokens.otherPromoter, ...multipartFile('clients', 'o.xlsx', xlsxType, file) });
  otherProgramFileId = (await call('GET', `/api/programs/${otherProgramId}/client-files`, { token: tokens.otherPromoter })).body.files[0]._id;
}, 120_000);

const ok = 'allowed';
const no = 'refused';
type Expect = typeof ok | typeof no;
type Who = Record<Actor, Expect>;
const only = (...allowed: Actor[]) => Object.fromEntries(actors.map((actor) => [actor, allowed.includes(actor) ? ok : no])) as Who;
const everyone = only(...actors);
const members = only('administrator', 'owner', 'authorizedAmo');
const staff = only('administrator', 'owner', 'otherPromoter', 'authorizedAmo', 'otherAmo');
const adminOnly = only('administrator');

type Request = [string, string, CallOptions];
const endpoints: {
  name: string;
  request: (actor: Actor) => Request | Promise<Request>;
  who: Who;
  refusal?: string;
  unchanged?: (actor: Actor) => Promise<void>;
}[] = [
  // Program-scoped routes: the program id in the path.
  { name: 'GET /programs/{id}', request: () => ['GET', `/api/programs/${programId}`, {}], who: members },
  { name: 'GET /programs/{id}/clients', request: () => ['GET', `/api/programs/${programId}/clients`, {}], who: members },
  {
    name: 'PATCH /programs/{id} (settings)',
    request: (actor) => ['PATCH', `/api/programs/${programId}`, { body: { adresseville: `Ville ${actor}` } }],
    who: members,
    unchanged: async (actor) => expect((await programOf(programId)).adresseville).not.toBe(`Ville ${actor}`),
  },
  {
    name: 'PATCH /programs/{id} (authorized AMOs)',
    request: (actor) => [
      'PATCH',
      `/api/programs/${programId}`,
      { body: { authorized: [userIds.authorizedAmo, ...(actor === 'otherAmo' ? [userIds.otherAmo] : [])] } },
    ],
    who: members,
    unchanged: async () => expect((await programOf(programId)).authorized).toEqual([userIds.authorizedAmo]),
  },
  {
    name: 'POST /programs/{id}/avatar',
    request: () => ['POST', `/api/programs/${programId}/avatar`, multipartFile('avatar', 'logo.png', 'image/png', png)],
    who: members,
  },
  { name: 'GET /programs/{id}/avatar (public: shown on the buyers’ pages)', request: () => ['GET', `/api/programs/${programId}/avatar`, {}], who: everyone },
  { name: 'GET /programs/{id}/clients/{clientId}', request: () => ['GET', `/api/programs/${programId}/clients/${clientId}`, {}], who: members },
  {
    name: 'PATCH /programs/{id}/clients/{clientId}',
    request: (actor) => ['PATCH', `/api/programs/${programId}/clients/${clientId}`, { body: { firstname: `Prénom ${actor}` } }],
    who: members,
    unchanged: async (actor) => {
      const lot = (await call('GET', `/api/programs/${programId}/clients/${clientId}`, { token: tokens.administrator })).body;
      expect(lot.firstname).not.toBe(`Prénom ${actor}`);
    },
  },
  {
    name: 'POST /programs/{id}/xlsx-send',
    request: () => ['POST', `/api/programs/${programId}/xlsx-send`, multipartFile('clients', 'c.xlsx', xlsxType, file)],
    who: members,
  },
  { name: 'GET /programs/{id}/client-files', request: () => ['GET', `/api/programs/${programId}/client-files`, {}], who: members },
  { name: 'GET /programs/{id}/client-files/{fileId}', request: () => ['GET', `/api/programs/${programId}/client-files/${fileId}`, {}], who: members },
  {
    name: 'POST /programs/{id}/lockup-clients (direct import)',
    request: async (actor) => ['POST', `/api/programs/${programId}/lockup-clients`, await clientFileBody(clientRows(1, `N${actors.indexOf(actor)}`))],
    who: adminOnly,
    unchanged: async (actor) => expect((await lotsOf(programId)).map((lot: { lotcomm: string }) => lot.lotcomm)).not.toContain(`N${actors.indexOf(actor)}0001`),
  },
  {
    name: 'POST /programs/{id}/client-files/{fileId}/import',
    request: () => ['POST', `/api/programs/${programId}/client-files/${fileId}/import`, {}],
    who: adminOnly,
  },
  {
    // A program of its own for each call, with the same owner and authorized AMO.
    name: 'DELETE /programs/{id}',
    request: async (actor) => {
      const id = await newProgram(tokens.owner, `À supprimer ${actor}`);
      await call('PATCH', `/api/programs/${id}`, { token: tokens.owner, body: { authorized: [userIds.authorizedAmo] } });
      return ['DELETE', `/api/programs/${id}`, {}];
    },
    who: adminOnly,
  },
  // Routes without a program id: staff only.
  { name: 'GET /admin/programs', request: () => ['GET', '/api/admin/programs', {}], who: adminOnly, refusal: programListForbidden },
  { name: 'GET /users/me/programs', request: () => ['GET', '/api/users/me/programs', {}], who: staff, refusal: programListForbidden },
  { name: 'GET /amo/programs', request: () => ['GET', '/api/amo/programs', {}], who: staff, refusal: programListForbidden },
  {
    name: 'POST /program/create',
    request: (actor) => ['POST', '/api/program/create', { body: { name: `Créé par ${actor}`, promotername: 'P', colors: ['rgb(1, 2, 3)'] } }],
    who: staff,
  },
  { name: 'POST /users/me/xlsx (file check)', request: () => ['POST', '/api/users/me/xlsx', multipartFile('clients', 'c.xlsx', xlsxType, file)], who: staff },
  {
    name: "POST /uploads/client-file (upload URL under the caller's own key)",
    request: () => ['POST', '/api/uploads/client-file', { body: { filename: 'c.xlsx', size: 1000 } }],
    who: staff,
  },
  { name: 'GET /client-file-model', request: () => ['GET', '/api/client-file-model', {}], who: staff },
  { name: 'GET /operations/{id}', request: () => ['GET', `/api/operations/${operationId}`, {}], who: members },
  { name: 'GET /programs/{id}/operations', request: () => ['GET', `/api/programs/${programId}/operations`, {}], who: members },
];

it('the matrix covers every route of the programs group', () => {
  const covered = endpoints.map((endpoint) => `${endpoint.name.split(' (')[0].replace(' ', ' /api')}`);
  expect([...new Set(covered)].sort()).toEqual([...apiRoutes.programs].sort());
});

describe.each(endpoints)('isolation matrix (part 3 §6): $name', ({ request, who, refusal, unchanged }) => {
  it.each(actors)('%s', async (actor) => {
    const [method, path, options] = await request(actor);
    const response = await call(method, path, { ...options, token: tokens[actor] });
    if (who[actor] === ok) {
      expect(response.status).toBeLessThan(300);
      return;
    }
    if (actor === 'anonymous') expect(response.status).toBe(401);
    else {
      expect(response.status).toBe(403);
      expect(response.body.message).toBe(refusal ?? messages.forbidden);
    }
    await unchanged?.(actor);
  });
});

describe('isolation: ids of another program in the path', () => {
  it("a client of another program is not reachable through one's own program", async () => {
    const response = await call('GET', `/api/programs/${programId}/clients/${otherProgramClientId}`, { token: tokens.owner });
    expect(response.status).toBe(404);
    const patch = await call('PATCH', `/api/programs/${programId}/clients/${otherProgramClientId}`, { token: tokens.owner, body: { firstname: 'Pirate' } });
    expect(patch.status).toBe(404);
    expect((await lotsOf(otherProgramId))[0].firstname).not.toBe('Pirate');
  });

  it("a client file of another program is neither downloaded nor integrated through one's own program", async () => {
    expect((await call('GET', `/api/programs/${programId}/client-files/${otherProgramFileId}`, { token: tokens.owner })).status).toBe(404);
    const integrate = await call('POST', `/api/programs/${programId}/client-files/${otherProgramFileId}/import`, { token: tokens.administrator });
    expect(integrate.status).toBe(404);
    const files = (await call('GET', `/api/programs/${otherProgramId}/client-files`, { token: tokens.otherPromoter })).body.files;
    expect(files.find((candidate: { _id: string }) => candidate._id === otherProgramFileId).status).toBe('received');
  });

  it("an unknown program answers 404 'Le projet demandé n'existe pas.', a malformed id the same 404", async () => {
    expect((await call('GET', '/api/programs/0123456789abcdef01234567', { token: tokens.administrator })).body.message).toBe("Le projet demandé n'existe pas.");
    const malformed = await call('GET', '/api/programs/pas-un-id', { token: tokens.administrator });
    expect([malformed.status, malformed.body.message]).toEqual([404, "Le projet demandé n'existe pas."]);
  });
});

describe('isolation: ids of another program in the body', () => {
  it('settings saved with the _id and owner of another program change neither program nor ownership', async () => {
    const before = await programOf(otherProgramId);
    const response = await call('PATCH', `/api/programs/${programId}`, {
      token: tokens.owner,
      body: { _id: otherProgramId, owner: userIds.otherPromoter, name: 'Isolé (renommé)' },
    });
    expect(response.status).toBe(200);
    expect(response.body.program).toEqual(expect.objectContaining({ _id: programId, owner: userIds.owner, name: 'Isolé (renommé)' }));
    expect(await programOf(otherProgramId)).toEqual(before);
    expect((await call('GET', `/api/programs/${programId}`, { token: tokens.otherPromoter })).status).toBe(403);
  });

  it('a client saved with the program and _id of another program stays in its own program', async () => {
    const response = await call('PATCH', `/api/programs/${programId}/clients/${clientId}`, {
      token: tokens.owner,
      body: { program: otherProgramId, _id: otherProgramClientId, firstname: 'Déplacé ?' },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(expect.objectContaining({ _id: clientId, program: programId, firstname: 'Déplacé ?' }));
    const other = await lotsOf(otherProgramId);
    expect(other.map((lot: { _id: string }) => lot._id)).toEqual([otherProgramClientId]);
    expect(other[0].firstname).not.toBe('Déplacé ?');
  });

  it("an import by key reads only the caller's own upload: another user's stored file is not found and nothing is written", async () => {
    const owner = (await call('GET', '/api/users/me', { token: tokens.owner })).body;
    const key = `uploads/${owner._id}/${'k'.repeat(24)}`;
    await getDeps().files.put(key, await clientFile(clientRows(1, 'STOLEN')), xlsxType);
    const response = await call('POST', `/api/programs/${programId}/lockup-clients`, { token: tokens.administrator, body: { key, filename: 'c.xlsx' } });
    expect(response.status).toBe(404);
    expect((await lotsOf(programId)).map((lot: { lotcomm: string }) => lot.lotcomm)).not.toContain('STOLEN0001');
    expect(await getDeps().files.get(key)).not.toBeNull();
  });
});
