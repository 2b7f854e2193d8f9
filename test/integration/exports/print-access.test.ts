import { call, createUserAndLogin } from '../../support/test-api';
import { freePlanning } from '../planning-actions/support';

/**
 * GET /rdv/{spec}/print (issue 14 point 1): the PDF renderer prints only for staff who reach every
 * planning of the spec; the rendering itself (Chromium) is proven by test/e2e/exports-journey.test.ts.
 */
describe('PDF export access (issue 14 point 1)', () => {
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
});
