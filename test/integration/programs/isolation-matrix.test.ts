import type { Role } from '../../../shared/domain/roles';
import { clientFile, clientRows, multipartFile, xlsxType } from '../../support/client-file';
import { call, createUserAndLogin, type CallOptions } from '../../support/test-api';

/**
 * Isolation (issue 4, part 6): a promoter or AMO reads and changes only the programs they own or
 * are authorized on; an administrator all; buyers, moderators and anonymous callers none.
 */
type Actor = 'administrator' | 'owner' | 'otherPromoter' | 'authorizedAmo' | 'otherAmo' | 'moderator' | 'customer' | 'anonymous';
const actors: Actor[] = ['administrator', 'owner', 'otherPromoter', 'authorizedAmo', 'otherAmo', 'moderator', 'customer', 'anonymous'];

const tokens = {} as Record<Actor, string | undefined>;
let programId = '';
let clientId = '';
let fileId = '';
let otherProgramClientId = '';
let file: Buffer;

beforeAll(async () => {
  const roleOf: Record<Exclude<Actor, 'anonymous'>, Role> = {
    administrator: 'administrator', owner: 'promoter', otherPromoter: 'promoter', authorizedAmo: 'amo', otherAmo: 'amo', moderator: 'moderator', customer: 'customer',
  };
  const users = Object.fromEntries(await Promise.all(Object.entries(roleOf).map(async ([actor, role]) => [actor, await createUserAndLogin(role)])));
  for (const actor of actors) tokens[actor] = users[actor]?.token;
  const program = (await call('POST', '/api/program/create', { token: tokens.owner, body: { name: 'Isolé', promotername: 'Isolé SA', colors: ['rgb(1, 2, 3)'] } })).body;
  programId = program._id;
  await call('PATCH', `/api/programs/${programId}`, { token: tokens.owner, body: { authorized: [users.authorizedAmo.user._id] } });
  await call('POST', `/api/programs/${programId}/lockup-clients`, { token: tokens.administrator, body: { clients: clientRows(2, 'ISO') } });
  clientId = (await call('GET', `/api/programs/${programId}`, { token: tokens.owner })).body.clients[0]._id;
  file = await clientFile(clientRows(1, 'SENT'));
  await call('POST', `/api/programs/${programId}/xlsx-send`, { token: tokens.owner, ...multipartFile('clients', 'c.xlsx', xlsxType, file) });
  fileId = (await call('GET', `/api/programs/${programId}/client-files`, { token: tokens.owner })).body.files[0]._id;
  const other = (await call('POST', '/api/program/create', { token: tokens.otherPromoter, body: { name: 'Autre', promoterName: 'x', promotername: 'Autre SA', colors: ['rgb(1, 2, 3)'] } })).body;
  await call('POST', `/api/programs/${other._id}/lockup-clients`, { token: tokens.administrator, body: { clients: clientRows(1, 'OTH') } });
  otherProgramClientId = (await call('GET', `/api/programs/${other._id}`, { token: tokens.otherPromoter })).body.clients[0]._id;
});

const ok = 'allowed';
const no = 'refused';
type Expect = typeof ok | typeof no;
const members: Record<Actor, Expect> = { administrator: ok, owner: ok, authorizedAmo: ok, otherPromoter: no, otherAmo: no, moderator: no, customer: no, anonymous: no };
const adminOnly: Record<Actor, Expect> = { ...Object.fromEntries(actors.map((actor) => [actor, no])), administrator: ok } as Record<Actor, Expect>;

const endpoints: { name: string; request: () => [string, string, CallOptions]; who: Record<Actor, Expect> }[] = [
  { name: 'GET program', request: () => ['GET', `/api/programs/${programId}`, {}], who: members },
  { name: 'PATCH settings', request: () => ['PATCH', `/api/programs/${programId}`, { body: { adresseville: 'Nantes' } }], who: members },
  { name: 'GET client', request: () => ['GET', `/api/programs/${programId}/clients/${clientId}`, {}], who: members },
  { name: 'PATCH client', request: () => ['PATCH', `/api/programs/${programId}/clients/${clientId}`, { body: { firstname: 'X' } }], who: members },
  { name: 'send client file', request: () => ['POST', `/api/programs/${programId}/xlsx-send`, multipartFile('clients', 'c.xlsx', xlsxType, file)], who: members },
  { name: 'list client files', request: () => ['GET', `/api/programs/${programId}/client-files`, {}], who: members },
  { name: 'download client file', request: () => ['GET', `/api/programs/${programId}/client-files/${fileId}`, {}], who: members },
  { name: 'import (lockup-clients)', request: () => ['POST', `/api/programs/${programId}/lockup-clients`, { body: { clients: clientRows(1, 'NEW') } }], who: adminOnly },
  { name: 'integrate a received file', request: () => ['POST', `/api/programs/${programId}/client-files/${fileId}/import`, {}], who: adminOnly },
  { name: 'list all programs (admin)', request: () => ['GET', '/api/admin/programs', {}], who: adminOnly },
];

describe.each(endpoints)('isolation matrix: $name', ({ request, who }) => {
  it.each(actors)('%s', async (actor) => {
    const [method, path, options] = request();
    const response = await call(method, path, { ...options, token: tokens[actor] });
    if (who[actor] === ok) expect(response.status).toBeLessThan(300);
    else expect([401, 403]).toContain(response.status);
  });
});

describe('isolation: ids of another program in the path', () => {
  it("a client of another program is not reachable through one's own program", async () => {
    const response = await call('GET', `/api/programs/${programId}/clients/${otherProgramClientId}`, { token: tokens.owner });
    expect(response.status).toBe(404);
    const patch = await call('PATCH', `/api/programs/${programId}/clients/${otherProgramClientId}`, { token: tokens.owner, body: { firstname: 'Pirate' } });
    expect(patch.status).toBe(404);
  });

  it('an unknown program answers 404 with its message, a malformed id 400', async () => {
    expect((await call('GET', '/api/programs/0123456789abcdef01234567', { token: tokens.administrator })).body.message).toBe("Le projet demandé n'existe pas.");
    expect((await call('GET', '/api/programs/pas-un-id', { token: tokens.administrator })).status).toBe(400);
  });

  it("deleting someone else's program is refused to every non-administrator", async () => {
    for (const actor of actors.filter((candidate) => candidate !== 'administrator')) {
      expect([401, 403]).toContain((await call('DELETE', `/api/programs/${programId}`, { token: tokens[actor] })).status);
    }
  });
});
