import { getDeps } from '../../../functions/runtime/deps';
import { newObjectId } from '../../../functions/core/security/ids';
import type { VirtualVisitRecord } from '../../../functions/data/virtual-visits-repository';
import { maxProgramVisitsPerPage } from '../../../shared/domain/program-visit-page';
import { maxDocumentsPerPage } from '../../../shared/domain/buyer-area';
import { buyerAreaMessages } from '../../../shared/messages/buyer-area';
import type { AreaFileRecord } from '../../../functions/data/area-files-repository';
import { programVisitPageMessages } from '../../../shared/messages/virtual-visits';
import { seedDocuments, seedVisits, seededLotNumber } from '../../support/seed-big-program';
import { call, createUserAndLogin, type TestResponse, signInWithoutLoginRoute } from '../../support/test-api';

// Not a sign-in test: its accounts sign in through the product's session code (test/support/test-api.ts).
signInWithoutLoginRoute();

/**
 * docs/architecture.md « Bounded answers »: a program's buyer visits (GET
 * /rdv/project/{programId}/visites-3d) and documents (GET /projets/{id}/documents), up to one per
 * buyer, answer a page at a time, each page under 1 MB, at 10,000 of each written straight through
 * the data layer (seed-big-program.ts).
 */
const visitCount = 10_000;
const oneMegabyte = 1_000_000;
const bodyBytes = (response: TestResponse) => Buffer.byteLength(JSON.stringify(response.body));

let token = '';
let programId = '';
let visits: VirtualVisitRecord[] = [];
let documents: AreaFileRecord[] = [];

beforeAll(async () => {
  const promoter = await createUserAndLogin('promoter');
  token = promoter.token;
  programId = (await call('POST', '/api/program/create', { token, body: { name: 'Très Grand Programme', promotername: 'Grand SA', colors: ['rgb(1, 2, 3)'] } }))
    .body._id;
  const lots = Array.from({ length: visitCount }, (_, index) => ({ _id: newObjectId(), lotcomm: seededLotNumber(index), nom: `Acquéreur ${index + 1}` }));
  visits = await seedVisits(getDeps().store, programId, lots);
  documents = await seedDocuments(
    getDeps().store,
    programId,
    lots.map((lot) => lot._id),
  );
}, 600_000);

const visitsPath = () => `/api/rdv/project/${programId}/visites-3d`;
const documentsPath = () => `/api/projets/${programId}/documents`;

/** Every page of a list route from the first (`path` already carries its query), following `nextCursor`; each under 1 MB. */
async function everyPage(path: string): Promise<TestResponse[]> {
  const pages: TestResponse[] = [];
  let cursor: string | null = null;
  do {
    const page: TestResponse = await call('GET', `${path}${cursor ? `&cursor=${cursor}` : ''}`, { token });
    expect(page.status).toBe(200);
    expect(bodyBytes(page)).toBeLessThan(oneMegabyte);
    pages.push(page);
    cursor = page.body.nextCursor;
  } while (cursor);
  return pages;
}

describe('GET /rdv/project/{programId}/visites-3d at 10,000 visits: a page at a time', () => {
  it('pages through every visit exactly once, every page under 1 MB', async () => {
    const pages = await everyPage(`${visitsPath()}?limit=${maxProgramVisitsPerPage}`);
    expect(pages.every((page) => page.body.visits.length <= maxProgramVisitsPerPage)).toBe(true);
    const uuids: string[] = pages.flatMap((page) => page.body.visits.map((visit: { uuid: string }) => visit.uuid));
    expect(new Set(uuids).size).toBe(uuids.length);
    expect([...uuids].sort()).toEqual(visits.map((visit) => visit.uuid).sort());
    // The table's order across the pages, not only within each: lot number, French numeric collation.
    const numbers: string[] = pages.flatMap((page) => page.body.visits.map((visit: { lotcomm: string }) => visit.lotcomm));
    expect(numbers).toEqual([...numbers].sort((a, b) => a.localeCompare(b, 'fr', { numeric: true })));
  }, 180_000);

  it('without a limit a page holds 200 visits, sorted by lot number', async () => {
    const first = await call('GET', visitsPath(), { token });
    expect(first.body.visits).toHaveLength(200);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const numbers: string[] = first.body.visits.map((visit: { lotcomm: string }) => visit.lotcomm);
    expect(numbers).toEqual([...numbers].sort((a, b) => a.localeCompare(b, 'fr', { numeric: true })));
  });

  it('refuses a damaged cursor and a limit past 500 with a French 400', async () => {
    const damaged = await call('GET', `${visitsPath()}?cursor=${Buffer.from('LOT#x y').toString('base64url')}`, { token });
    expect([damaged.status, damaged.body.message]).toEqual([400, programVisitPageMessages.invalidCursor]);
    const tooMany = await call('GET', `${visitsPath()}?limit=${maxProgramVisitsPerPage + 1}`, { token });
    expect([tooMany.status, tooMany.body.message]).toEqual([400, programVisitPageMessages.invalidLimit]);
  });
});

describe('GET /projets/{id}/documents at 10,000 documents shared with one housing each: a page at a time', () => {
  it('pages through every document exactly once, newest first, each with its housing, every page under 1 MB', async () => {
    const pages = await everyPage(`${documentsPath()}?limit=${maxDocumentsPerPage}`);
    expect(pages.every((page) => page.body.documents.length <= maxDocumentsPerPage)).toBe(true);
    const answered: { _id: string; housing?: string }[] = pages.flatMap((page) => page.body.documents);
    expect(answered.map((document) => document._id)).toEqual([...documents].reverse().map((document) => document._id));
    expect(answered.map((document) => document.housing)).toEqual([...documents].reverse().map((document) => document.housing));
  }, 180_000);

  it('without a limit a page holds 100 documents; a damaged cursor and a limit past 500 are a French 400', async () => {
    const first = await call('GET', documentsPath(), { token });
    expect(first.body.documents).toHaveLength(100);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const damaged = await call('GET', `${documentsPath()}?cursor=${Buffer.from('LOT#x y').toString('base64url')}`, { token });
    expect([damaged.status, damaged.body.message]).toEqual([400, buyerAreaMessages.invalidDocumentCursor]);
    const tooMany = await call('GET', `${documentsPath()}?limit=${maxDocumentsPerPage + 1}`, { token });
    expect([tooMany.status, tooMany.body.message]).toEqual([400, buyerAreaMessages.invalidDocumentLimit]);
  });
});
