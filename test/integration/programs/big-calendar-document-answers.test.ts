import { signPrintToken } from '../../../functions/core/exports/print-token';
import { newObjectId } from '../../../functions/core/security/ids';
import { putAreaFile, type AreaFileRecord } from '../../../functions/data/area-files-repository';
import { getDeps } from '../../../functions/runtime/deps';
import { maxDocumentsPerPage } from '../../../shared/domain/buyer-area';
import { parsePrintSpec } from '../../../shared/exports/print-spec';
import { buyerAreaMessages } from '../../../shared/messages/buyer-area';
import { visitPageMessages } from '../../../shared/messages/planning-reads';
import { buyerWorld } from '../buyer-area/support';
import { bigPlanning, useBigWorldTable } from '../../support/big-world';
import { seedDocuments, type PlacedMeeting } from '../../support/seed-big-program';
import { call, type TestResponse } from '../../support/test-api';

/**
 * docs/architecture.md « Bounded answers »: the read-only calendar (GET /rdv/r/{groupId}), the
 * print page's data (GET /exports/print-data) and a buyer's documents (GET /users/me/documents)
 * answer a page at a time, each page under 1 MB, at 10,000 placed visits and 10,000 documents
 * written straight through the data layer (seed-big-program.ts). The 10,000-buyer planning is the
 * run's big world (test/support/big-world.ts), read only; the buyer's program and its documents,
 * where a test here adds one, are this file's own.
 */
const size = 10_000;
const oneMegabyte = 1_000_000;
const bodyBytes = (response: TestResponse) => Buffer.byteLength(JSON.stringify(response.body));

let world: Awaited<ReturnType<typeof buyerWorld>>;
let planning: { _id: string; uuid: string; name: string } = { _id: '', uuid: '', name: '' };
let placed: PlacedMeeting[] = [];
let mine: AreaFileRecord[] = [];

beforeAll(async () => {
  await useBigWorldTable();
  world = await buyerWorld('calendrier');
  // One document shared with each of 10,000 other housings (their lots are not written: the buyer's
  // page reads only the program's documents), then the buyer's own.
  await seedDocuments(
    getDeps().store,
    world.programId,
    Array.from({ length: size }, () => newObjectId()),
  );
  const [own] = await seedDocuments(getDeps().store, world.programId, [world.buyerLot._id]);
  mine = [own];
  // 10,000 buyers, one for each lot, all but the first placed one after the other, a quarter of an hour apart, over AMO columns 0 and 1.
  const big = await bigPlanning();
  planning = { _id: big.planningId, uuid: big.uuid, name: big.name };
  placed = big.meetings;
}, 600_000);

/** Every page of a route from the first (`path` already carries its query), following `nextCursor`; each under 1 MB. */
async function everyPage(path: string, token?: string): Promise<TestResponse[]> {
  const pages: TestResponse[] = [];
  let cursor: string | undefined;
  do {
    const page: TestResponse = await call('GET', `${path}${cursor ? `${path.includes('?') ? '&' : '?'}cursor=${cursor}` : ''}`, token ? { token } : {});
    expect(page.status).toBe(200);
    expect(bodyBytes(page)).toBeLessThan(oneMegabyte);
    pages.push(page);
    cursor = page.body.nextCursor ?? undefined;
  } while (cursor);
  return pages;
}

const visitKey = (visit: { start: string; amoNb: number | null }) => `${visit.start}|${visit.amoNb}`;
const expectedVisits = () => placed.map((meeting) => `${meeting.start}|${meeting.amoNb}`).sort();

describe('GET /rdv/r/{groupId} at 10,000 placed visits: the read-only calendar a page at a time', () => {
  it('pages through every visit exactly once, every page under 1 MB, each page with the planning and its 10,000 lots', async () => {
    const pages = await everyPage(`/api/rdv/r/${planning.uuid}`);
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) expect(page.body.plannings[0]).toEqual(expect.objectContaining({ uuid: planning.uuid, lotCount: size }));
    const visits: { start: string; amoNb: number | null }[] = pages.flatMap((page) => page.body.plannings[0].visits);
    expect(visits.map(visitKey).sort()).toEqual(expectedVisits());
  }, 180_000);

  it('refuses a damaged cursor and a cursor of another group with a French 400', async () => {
    const damaged = await call('GET', `/api/rdv/r/${planning.uuid}?cursor=${Buffer.from('x y').toString('base64url')}`);
    expect([damaged.status, damaged.body.message]).toEqual([400, visitPageMessages.invalidCursor]);
    const elsewhere = await call('GET', `/api/rdv/r/${planning.uuid}?cursor=${Buffer.from('3~~1,2,3,4').toString('base64url')}`);
    expect([elsewhere.status, elsewhere.body.message]).toEqual([400, visitPageMessages.invalidCursor]);
  });
});

describe('GET /exports/print-data at 10,000 placed visits: the print page reads a page at a time', () => {
  it('pages through every visit exactly once in print order within a page, every page under 1 MB, the title counting 10,000 lots', async () => {
    const spec = parsePrintSpec(`${planning.uuid}--lotTypo--week`)!;
    const token = await signPrintToken(await getDeps().secrets.signingKey(), spec, new Date());
    const pages = await everyPage(`/api/exports/print-data?token=${token}`);
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) {
      expect(page.body.plannings[0].title).toBe(`${planning.name} - Visites Cloisons (${size} lots)`);
      const starts: string[] = page.body.visits.map((visit: { start: string }) => visit.start);
      expect(starts).toEqual([...starts].sort());
    }
    const visits: { start: string; amoNb: number | null }[] = pages.flatMap((page) => page.body.visits);
    expect(visits.map(visitKey).sort()).toEqual(expectedVisits());
    // The days of every page together: each day of a visit, once.
    const days = new Set(pages.flatMap((page) => page.body.days as string[]));
    expect(days.has('2027-03-01')).toBe(true);
    const damaged = await call('GET', `/api/exports/print-data?token=${token}&cursor=${Buffer.from('x y').toString('base64url')}`);
    expect([damaged.status, damaged.body.message]).toEqual([400, visitPageMessages.invalidCursor]);
  }, 180_000);
});

describe("GET /users/me/documents at 10,000 documents of other housings: a buyer's documents a page at a time", () => {
  it("answers the buyer's own document and the program's once, newest first, every page under 1 MB", async () => {
    // A document for the whole program, the newest: every buyer of the program reads it.
    const { housing: _none, ...programWide } = {
      ...mine[0],
      _id: newObjectId(),
      originalname: 'Règlement de copropriété.pdf',
      uploadedAt: new Date().toISOString(),
    };
    await putAreaFile(getDeps().store, programWide);
    const shared = [programWide];
    const pages = await everyPage(`/api/users/me/documents?housing=${world.buyerLot._id}&limit=${maxDocumentsPerPage}`, world.buyer.token);
    const ids = pages.flatMap((page) => page.body.documents.map((document: { _id: string }) => document._id));
    expect(ids).toEqual([shared[0]._id, mine[0]._id]);
    // The buyer's pages read the program's index a bounded part at a time, never the whole of it.
    expect(pages.length).toBeGreaterThan(1);
  }, 180_000);

  it('refuses a damaged cursor and a limit past 500 with a French 400', async () => {
    const path = `/api/users/me/documents?housing=${world.buyerLot._id}`;
    const damaged = await call('GET', `${path}&cursor=${Buffer.from('LOT#x y').toString('base64url')}`, { token: world.buyer.token });
    expect([damaged.status, damaged.body.message]).toEqual([400, buyerAreaMessages.invalidDocumentCursor]);
    const tooMany = await call('GET', `${path}&limit=${maxDocumentsPerPage + 1}`, { token: world.buyer.token });
    expect([tooMany.status, tooMany.body.message]).toEqual([400, buyerAreaMessages.invalidDocumentLimit]);
  });
});
