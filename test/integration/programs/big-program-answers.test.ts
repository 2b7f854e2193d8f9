import { compareLotNumbers } from '../../../shared/domain/lot-order';
import { lotPageMessages } from '../../../shared/messages/lots';
import { bigProgram, signIn } from '../../support/big-world';
import { nameEvery, seededRareName } from '../../support/seed-big-program';
import { call, createUserAndLogin, type TestResponse } from '../../support/test-api';

/**
 * docs/architecture.md « Bounded answers »: a request's work and answer are bounded by a page, not
 * by a program; no answer grows past about 1 MB at 10,000 lots. The program is the run's big
 * world (test/support/big-world.ts), read only.
 */
const lotCount = 10_000;
const oneMegabyte = 1_000_000;
const bodyBytes = (response: TestResponse) => Buffer.byteLength(JSON.stringify(response.body));

let token = '';
let programId = '';
let seeded: { _id: string; lotcomm: string }[] = [];

beforeAll(async () => {
  const world = await bigProgram();
  token = await signIn(world.owner);
  programId = world.programId;
  seeded = world.lots;
}, 600_000);

/** Every page of the lots route from the first, with the query given. */
async function everyPage(query: string): Promise<TestResponse[]> {
  const pages: TestResponse[] = [];
  let cursor: string | null = null;
  do {
    const page: TestResponse = await call('GET', `/api/programs/${programId}/clients?${query}${cursor ? `&cursor=${cursor}` : ''}`, { token });
    expect(page.status).toBe(200);
    pages.push(page);
    cursor = page.body.nextCursor;
  } while (cursor);
  return pages;
}

describe('bounded answers at 10,000 lots (docs/architecture.md « Bounded answers »)', () => {
  it('GET /programs/{id} answers the program and its lot count, not its lots, well under 1 MB', async () => {
    const program = await call('GET', `/api/programs/${programId}`, { token });
    expect(program.status).toBe(200);
    expect(program.body.clients).toBeUndefined();
    expect(program.body.lotCount).toBe(lotCount);
    expect(bodyBytes(program)).toBeLessThan(oneMegabyte);
  });

  it('paging through GET /programs/{id}/clients answers each lot exactly once, in lot-number order, every page under 1 MB', async () => {
    const pages = await everyPage('limit=500');
    expect(pages.length).toBe(lotCount / 500);
    for (const page of pages) {
      expect(bodyBytes(page)).toBeLessThan(oneMegabyte);
      expect(page.body.total).toBe(lotCount);
    }
    const answered: { _id: string; lotcomm: string }[] = pages.flatMap((page) => page.body.clients);
    expect(answered.map((lot) => lot._id).sort()).toEqual(seeded.map((lot) => lot._id).sort());
    expect(answered.map((lot) => lot.lotcomm)).toEqual(seeded.map((lot) => lot.lotcomm).sort(compareLotNumbers));
  }, 120_000);

  it('the picker view answers only the fields a buyer picker needs, 500 lots in far less than 1 MB', async () => {
    const page = await call('GET', `/api/programs/${programId}/clients?view=picker&limit=500`, { token });
    expect(page.status).toBe(200);
    expect(page.body.clients).toHaveLength(500);
    expect(Object.keys(page.body.clients[0]).sort()).toEqual(['_id', 'batiment', 'etage', 'lotcomm', 'mailmonsieur', 'nom', 'typologie']);
    expect(bodyBytes(page)).toBeLessThan(oneMegabyte / 5);
  });

  it('a page holds at most 500 lots: a larger limit is a French 400', async () => {
    const response = await call('GET', `/api/programs/${programId}/clients?limit=10000`, { token });
    expect([response.status, response.body.message]).toEqual([400, lotPageMessages.invalidLimit]);
  });

  it('q filters on the server (case and accents aside), page after page, each page bounded', async () => {
    const pages = await everyPage(`limit=100&q=${encodeURIComponent('DUPONT-ELEONORE')}`);
    const found: { nom: string; lotcomm: string }[] = pages.flatMap((page) => page.body.clients);
    expect(found).toHaveLength(lotCount / nameEvery);
    expect(found.every((lot) => lot.nom === seededRareName)).toBe(true);
    expect(found.map((lot) => lot.lotcomm)).toEqual([...found.map((lot) => lot.lotcomm)].sort(compareLotNumbers));
    for (const page of pages) expect(bodyBytes(page)).toBeLessThan(oneMegabyte);
    // A lot number is found the same way; a search reads at most 2,000 lots a page, so a page may
    // hold no match while a later one does.
    const byNumber = (await everyPage('q=c-1999')).flatMap((page) => page.body.clients);
    expect(byNumber.map((lot: { lotcomm: string }) => lot.lotcomm)).toEqual(['C-1999']);
  }, 60_000);

  it('a cursor that is not one answered is a French 400', async () => {
    for (const cursor of ['pas-un-curseur', Buffer.from('{"pk":"PROGRAM#autre"}').toString('base64url'), '%%%']) {
      const response = await call('GET', `/api/programs/${programId}/clients?cursor=${encodeURIComponent(cursor)}`, { token });
      expect([response.status, response.body.message]).toEqual([400, lotPageMessages.invalidCursor]);
    }
  });

  it("another promoter's program is refused as on the other program routes (403), an unknown one is 404", async () => {
    const stranger = await createUserAndLogin('promoter');
    const foreign = await call('GET', `/api/programs/${programId}/clients`, { token: stranger.token });
    expect(foreign.status).toBe(403);
    expect(foreign.body.clients).toBeUndefined();
    const unknown = await call('GET', '/api/programs/0123456789abcdef01234567/clients', { token });
    expect([unknown.status, unknown.body.message]).toEqual([404, "Le projet demandé n'existe pas."]);
  });
});
