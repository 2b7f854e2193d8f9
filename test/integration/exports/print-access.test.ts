import { TooManyRequestsError } from '../../../functions/core/errors';
import { exportPdf, type PrintPage } from '../../../functions/core/exports/pdf-export';
import { rateRules } from '../../../functions/core/security/rate-limit';
import type { ApiEvent } from '../../../functions/http/api-types';
import { authenticate } from '../../../functions/http/authenticate';
import { getDeps } from '../../../functions/runtime/deps';
import { call, createUserAndLogin } from '../../support/test-api';
import { freePlanning } from '../planning-actions/support';

/**
 * GET /rdv/{spec}/print (part 2 §2.9): the PDF renderer prints only for staff who reach every
 * planning of the spec; the rendering itself (Chromium) is proven by test/e2e/exports-journey.test.ts.
 */
describe('PDF export access (part 2 §2.9)', () => {
  it('print: 401 without a session, 403 for a promoter of another program, 404 for a spec naming no planning', async () => {
    const setup = await freePlanning({ lots: 2 });
    const uuid = (await call('GET', `/api/rdv/${setup.planningId}`, { token: setup.token })).body.planning.uuid as string;
    const spec = `${uuid}--nameTypo--week`;

    expect((await call('GET', `/api/rdv/${spec}/print`)).status).toBe(401);
    const stranger = await createUserAndLogin('promoter');
    const refused = await call('GET', `/api/rdv/${spec}/print`, { token: stranger.token });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBeTruthy();
    expect((await call('GET', '/api/rdv/pas-un-planning--nameTypo--week/print', { token: setup.token })).status).toBe(404);
  }, 120_000);

  it("part 2 §2.9 viewer's PDF export: a reader of the shared link without a session may print only the viewer's own titles (lotTypo); other titles need staff", async () => {
    const setup = await freePlanning({ lots: 2 });
    const uuid = (await call('GET', `/api/rdv/${setup.planningId}`, { token: setup.token })).body.planning.uuid as string;
    for (const format of ['nameTypo', 'lotName', 'lotNameTypoTel']) expect((await call('GET', `/api/rdv/${uuid}--${format}--week/print`)).status).toBe(401);
    // A buyer's session is not a staff one: the same rule.
    const buyer = await createUserAndLogin('customer');
    expect((await call('GET', `/api/rdv/${uuid}--name--week/print`, { token: buyer.token })).status).toBe(401);
    // The viewer's own titles pass the access rule: an unknown planning is then a plain 404.
    expect((await call('GET', '/api/rdv/inconnu123456--lotTypo--week/print')).status).toBe(404);
  }, 120_000);
});

describe("the viewer's PDF export without a session is rate-limited per address (each render starts a Chromium)", () => {
  it('renders at most 20 PDFs an hour for one address without a session; a stored PDF, another address and staff are not counted', async () => {
    const setup = await freePlanning({ lots: 2 });
    const uuid = (await call('GET', `/api/rdv/${setup.planningId}`, { token: setup.token })).body.planning.uuid as string;
    const deps = getDeps();
    let renders = 0;
    const printPage: PrintPage = async () => {
      renders += 1;
      return Buffer.from(`%PDF-1.4 render ${renders}`);
    };
    // Each call is a fresh render: the stored PDF is not found (as after each change of the planning).
    const uncached = { ...deps, files: Object.assign(Object.create(deps.files) as typeof deps.files, { get: async () => null }) };
    const address = `198.51.100.${Math.floor(Math.random() * 250)}`;
    for (let index = 0; index < rateRules.publicPdfPerIp.limit; index += 1) await exportPdf(uncached, null, `${uuid}--lotTypo--week`, printPage, address);
    await expect(exportPdf(uncached, null, `${uuid}--lotTypo--week`, printPage, address)).rejects.toBeInstanceOf(TooManyRequestsError);
    expect(renders).toBe(rateRules.publicPdfPerIp.limit);
    // The stored PDF is handed out without a render, limit reached or not.
    expect(await exportPdf(deps, null, `${uuid}--lotTypo--week`, printPage, address)).toEqual(expect.objectContaining({ reused: true }));
    await exportPdf(uncached, null, `${uuid}--lotTypo--week`, printPage, '203.0.113.7');
    const staff = await authenticate(deps, { headers: { authorization: `Bearer ${setup.token}` } } as unknown as ApiEvent);
    await exportPdf(uncached, staff, `${uuid}--lotTypo--week`, printPage, address);
    expect(renders).toBe(rateRules.publicPdfPerIp.limit + 2);
  }, 120_000);
});
