import { getDeps } from '../../../functions/runtime/deps';
import { demoPassword } from '../../../infra/local/demo-data';
import { seedDemoOnce } from '../../../infra/local/seed-demo';
import { call, uniqueIp } from '../../support/test-api';

jest.setTimeout(120_000);

/** Part 1 §2, part 3 §2 demo data: known links, views located offline, a buyer's visit on the demo planning. */
it('demo data: /immersion/DEMOVISIT is active with two tours and three located views, DEMOEXPIR expired, and the demo program lists one buyer visit', async () => {
  expect(await seedDemoOnce(getDeps())).toBe('seeded');
  const active = await call('GET', '/api/vv/DEMOVISIT');
  expect(active.body).toEqual(expect.objectContaining({ state: 'active', promoter: expect.objectContaining({ name: 'Horizon Promotion' }) }));
  expect(active.body.visit.links).toHaveLength(2);
  expect((await call('GET', '/api/vv/DEMOEXPIR')).body.state).toBe('expired');

  const admin = (await call('POST', '/api/users/login', { body: { email: 'admin@demo.livrea.fr', password: demoPassword }, ip: uniqueIp() })).body.token;
  const logs = await call('GET', '/api/logs', { token: admin });
  expect(logs.body.views.map((view: { country_code: string }) => view.country_code).sort()).toEqual(['FR', 'GB', 'US']);
  const promoter = (await call('POST', '/api/users/login', { body: { email: 'promoteur@demo.livrea.fr', password: demoPassword }, ip: uniqueIp() })).body.token;
  const programId = (await call('GET', '/api/users/me/programs', { token: promoter })).body[0]._id;
  expect((await call('GET', `/api/rdv/project/${programId}/visites-3d`, { token: promoter })).body.visits).toHaveLength(1);
});
