import { getDeps } from '../../functions/runtime/deps';
import { demoPassword } from '../../infra/local/demo-data';
import { seedDemoOnce } from '../../infra/local/seed-demo';
import { call, uniqueIp } from '../support/test-api';

describe('demo data (local runs only)', () => {
  it('seeds once: a second run changes nothing', async () => {
    expect(await seedDemoOnce(getDeps())).toBe('seeded');
    expect(await seedDemoOnce(getDeps())).toBe('already');
  });

  it('the promoter owns one program with 40 lots and the three AMOs authorized; a free planning is in progress', async () => {
    const login = await call('POST', '/api/users/login', { body: { email: 'promoteur@demo.livrea.fr', password: demoPassword }, ip: uniqueIp() });
    const token = login.body.token;
    const programs = (await call('GET', '/api/users/me/programs', { token })).body;
    expect(programs).toHaveLength(1);
    expect(programs[0].authorized).toHaveLength(3);
    const program = (await call('GET', `/api/programs/${programs[0]._id}`, { token })).body;
    expect(program.clients).toHaveLength(40);
    const { plannings } = (await call('GET', `/api/rdv/project/${program._id}/plannings`, { token })).body;
    expect(plannings).toHaveLength(1);
    expect(plannings[0]).toEqual(expect.objectContaining({ isInvitationSent: true, nbInvited: 20, nbBooked: 6 }));
  });
});
