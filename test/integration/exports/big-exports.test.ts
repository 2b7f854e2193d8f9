import { bigExportBuyers } from '../../../functions/core/exports/planning-export-operation';
import { closePdfBrowser } from '../../../functions/core/exports/render-pdf';
import { formatPrintSpec } from '../../../shared/exports/print-spec';
import type { RunningProduct } from '../../../infra/local/local-product';
import { programWithLots } from '../../support/planning-fixtures';
import { followFileLink } from '../../support/file-links';
import { call } from '../../support/test-api';
import { settledOperation } from '../../support/settled-operation';
import { imposedBody } from '../imposed/support';
import { freePlanning } from '../planning-actions/support';
import { futureMonday } from '../../support/planning-fixtures';
import ExcelJS from 'exceljs';
import { pdfText, startPrintingProduct } from './support';

jest.setTimeout(400_000);

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Exports of big plannings are operations (docs/architecture.md « Exports of big plannings »):
 * above `bigExportBuyers` buyers, GET /exports/xlsx and GET /rdv/{spec}/print answer 202 with a
 * `planning-export` operation; its job makes the file, and GET /operations/{id}/file links to it.
 */
describe('exports of big plannings', () => {
  let product: RunningProduct;
  let world: { token: string; planningId: string; uuid: string; lots: { _id: string; lotcomm: string; nom: string }[]; amoOf: Map<string, number> };

  beforeAll(async () => {
    product = await startPrintingProduct('livrea-big-export-');
    // An imposed planning of 160 buyers, each convened (so each one printed): two days, 10 AMOs, 8 hours.
    const buyers = bigExportBuyers + 10;
    const setup = await programWithLots(buyers);
    const placements = Array.from(
      { length: buyers },
      (_, index) =>
        [index, `${String(9 + (index % 8)).padStart(2, '0')}:00`, Math.floor(index / 80), Math.floor(index / 8) % 10] as [number, string, number, number],
    );
    const created = await call('POST', '/api/rdv-impose', {
      token: setup.promoter.token,
      body: imposedBody(setup.program._id, setup.clients, futureMonday(), placements),
    });
    // Above 100 buyers a creation answers 202 with its operation, whose jobs run before `call` answers here.
    expect(created.status).toBe(202);
    expect(await settledOperation(created.body.operation.id, setup.promoter.token)).toEqual(expect.objectContaining({ status: 'done' }));
    const planningId = created.body.planning._id as string;
    const detail = (await call('GET', `/api/rdv/${planningId}`, { token: setup.promoter.token })).body;
    world = {
      token: setup.promoter.token,
      planningId,
      uuid: detail.planning.uuid,
      lots: detail.meetings.map((meeting: { guest: { _id: string; lotcomm: string; nom: string } }) => meeting.guest),
      amoOf: new Map(placements.map(([index, , , amoNb]) => [setup.clients[index]._id, amoNb])),
    };
  });

  afterAll(async () => {
    await closePdfBrowser();
    await product?.stop();
  });

  /** Starts an export (its job runs before `call` answers here), then follows the operation to its file. */
  async function exported(url: string, idempotencyKey: string) {
    const started = await call('GET', url, { token: world.token, headers: { 'idempotency-key': idempotencyKey } });
    expect(started.status).toBe(202);
    expect(started.body.operation).toEqual(expect.objectContaining({ kind: 'planning-export', planningId: world.planningId }));
    // The product beside the test may run the job (its own poller): followed until it ends.
    expect(await settledOperation(started.body.operation.id, world.token)).toEqual(expect.objectContaining({ status: 'done' }));
    const link = await call('GET', `/api/operations/${started.body.operation.id}/file`, { token: world.token });
    expect(link.status).toBe(200);
    expect(link.body).toEqual({ url: expect.any(String), filename: expect.any(String), expiresAt: expect.any(String) });
    const file = await followFileLink(link.body.url);
    expect(file.status).toBe(200);
    return { started, link, file: file.body };
  }

  it('a big XLSX is an operation whose file (one row per buyer) is reached by a short-lived link; the same request twice with one key is one operation', async () => {
    const url = `/api/exports/xlsx?ids=${world.planningId}&format=lotNameTypo`;
    const { started, link, file } = await exported(url, 'export-xlsx-0001');
    expect(link.body.filename).toBe(`planning-${world.uuid}.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.rowCount).toBe(world.lots.length + 1);
    const nameColumn = (sheet.getRow(1).values as unknown[]).indexOf('Nom');
    const names = new Set(Array.from({ length: sheet.rowCount - 1 }, (_, index) => String(sheet.getRow(index + 2).getCell(nameColumn).value)));
    for (const lot of world.lots) expect(names).toContain(lot.nom);
    const again = await call('GET', url, { token: world.token, headers: { 'idempotency-key': 'export-xlsx-0001' } });
    expect([again.status, again.body.operation.id]).toEqual([202, started.body.operation.id]);
    // Someone outside the program gets no link.
    const outsider = (await programWithLots(1)).promoter;
    expect((await call('GET', `/api/operations/${started.body.operation.id}/file`, { token: outsider.token })).status).toBe(403);
  });

  it("a big PDF is printed by the export job: the file has every buyer's visit", async () => {
    const spec = formatPrintSpec({ uuids: [world.uuid], format: 'lot', view: 'week', showFreeMeetings: false, amoNb: null });
    const { link, file } = await exported(`/api/rdv/${encodeURIComponent(spec)}/print`, 'export-pdf-0001');
    expect(link.body.filename).toMatch(/\.pdf$/);
    const text = pdfText(file);
    for (const lot of world.lots) expect(text).toMatch(new RegExp(`${escaped(lot.lotcomm)}(?!\\d)`));
  });

  it("one AMO's PDF of a big planning is printed by the export job too (never inside the request): the file has that AMO's visits only", async () => {
    const spec = formatPrintSpec({ uuids: [world.uuid], format: 'lot', view: 'week', showFreeMeetings: false, amoNb: 0 });
    const { link, file } = await exported(`/api/rdv/${encodeURIComponent(spec)}/print`, 'export-pdf-amo-0001');
    expect(link.body.filename).toMatch(/-amo1\.pdf$/);
    const text = pdfText(file);
    const shown = (lotcomm: string) => new RegExp(`${escaped(lotcomm)}(?!\\d)`).test(text);
    const amo1 = world.lots.filter((lot) => world.amoOf.get(lot._id) === 0);
    expect(amo1.length).toBeGreaterThan(0);
    for (const lot of world.lots) expect([lot.lotcomm, shown(lot.lotcomm)]).toEqual([lot.lotcomm, world.amoOf.get(lot._id) === 0]);
  });

  it('a small planning keeps its immediate download (200 with the link, no operation)', async () => {
    const small = await freePlanning({ lots: 3 });
    const answer = await call('GET', `/api/exports/xlsx?ids=${small.planningId}&format=lotNameTypo`, {
      token: small.token,
      headers: { 'idempotency-key': 'export-small-0001' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ url: expect.any(String), filename: `planning-${(await small.read()).planning.uuid}.xlsx`, expiresAt: expect.any(String) });
  });
});
