import { getDeps } from '../../../functions/runtime/deps';
import { demoPassword } from '../../../infra/local/demo-data';
import { seedDemoOnce } from '../../../infra/local/seed-demo';
import { imposedMeetingStatus } from '../../../shared/rules/meeting-status';
import { call, uniqueIp } from '../../support/test-api';

/** Part 2 §2.7: the seeded program also has an imposed planning with confirmations and one force majeure. */
it('demo data: an imposed planning of 10 convened lots, 3 présents, 1 indisponible (force majeure), the rest en attente', async () => {
  expect(await seedDemoOnce(getDeps())).toBe('seeded');
  const token = (await call('POST', '/api/users/login', { body: { email: 'promoteur@demo.livrea.fr', password: demoPassword }, ip: uniqueIp() })).body.token;
  const [program] = (await call('GET', '/api/users/me/programs', { token })).body;
  const { plannings } = (await call('GET', `/api/rdv/project/${program._id}/plannings`, { token })).body;
  const imposed = plannings.find((planning: { templateType: string }) => planning.templateType === 'promoterImpose');
  expect(imposed).toEqual(expect.objectContaining({ nbInvited: 10, nbConfirmed: 3, nbNotAvailable: 1 }));
  const { meetings } = (await call('GET', `/api/rdv/${imposed._id}`, { token })).body;
  const statuses = meetings.map(imposedMeetingStatus).sort();
  expect(statuses).toEqual([...Array(6).fill('en attente'), 'indisponible', 'présent', 'présent', 'présent']);
}, 120_000);
