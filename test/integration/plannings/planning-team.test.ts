import { call, createUserAndLogin } from '../../support/test-api';
import { futureMonday, planningBody, programWithLots, workingDays } from '../../support/planning-fixtures';

/**
 * Part 2 §2.6 « Synthèse »: the planning page's « Équipe » names the planning's AMOs. The names
 * come with the summary (GET /rdv/{id}/summary), so the team never shows « ? » while a read of its
 * own waits or fails behind the page's other reads (the big demo's 600-buyer planning did).
 */
jest.setTimeout(120_000);

describe("planning team: the summary names the planning's AMOs", () => {
  it('GET /rdv/{id}/summary answers the team, each AMO with its first and last name, in the order of the planning', async () => {
    const setup = await programWithLots(2);
    const [first, second] = await Promise.all([
      createUserAndLogin('amo', { firstname: 'Aline', lastname: 'Marchand' }),
      createUserAndLogin('amo', { firstname: 'Bruno', lastname: 'Étienne' }),
    ]);
    await call('PATCH', `/api/programs/${setup.program._id}`, { token: setup.promoter.token, body: { authorized: [first.user._id, second.user._id] } });
    const events = workingDays(futureMonday(), 2, undefined, 2);
    const created = await call('POST', '/api/rdv', {
      token: setup.promoter.token,
      body: planningBody(
        setup.program._id,
        setup.clients.map((client) => client._id),
        { events, amoList: [second.user._id, first.user._id], areAmosAssigned: true },
      ),
    });
    expect(created.status).toBe(201);
    const summary = await call('GET', `/api/rdv/${created.body.planning._id}/summary`, { token: setup.promoter.token });
    expect(summary.status).toBe(200);
    const team = summary.body.team as { _id: string; firstname: string; lastname: string }[];
    expect(team.map((amo) => [amo._id, `${amo.firstname} ${amo.lastname}`])).toEqual([
      [second.user._id, 'Bruno Étienne'],
      [first.user._id, 'Aline Marchand'],
    ]);
  });
});
