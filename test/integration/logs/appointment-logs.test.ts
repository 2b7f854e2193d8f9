import { planningBody, programWithLots } from '../../support/planning-fixtures';
import { call, createUserAndLogin } from '../../support/test-api';

type Log = { planningId: string; nom: string; program: string; programId: string; promoter: string; phase: string; createdAt: string };

describe('appointment logs (part 3 §3 appointment log, §7 GET /rdv/logs, §9 last 2 years by default)', () => {
  it('every planning creation writes its log (nom, program, promoter, phase, createdAt); the administrator reads it, a promoter may not', async () => {
    const setup = await programWithLots(2);
    const created = await call('POST', '/api/rdv', {
      token: setup.promoter.token,
      body: planningBody(
        setup.program._id,
        setup.clients.map((client) => client._id),
      ),
    });
    expect(created.status).toBe(201);
    const planning = created.body.planning;

    const answer = await call('GET', '/api/rdv/logs', { token: setup.admin.token });
    expect(answer.status).toBe(200);
    const log = (answer.body.logs as Log[]).find((entry) => entry.planningId === planning._id);
    expect(log).toEqual(
      expect.objectContaining({
        nom: 'Visites cloisons bâtiment A',
        program: 'Résidence du Lac',
        programId: setup.program._id,
        promoter: 'Lac Promotion',
        phase: 'partitions',
        createdAt: planning.createdAt,
      }),
    );
    expect(Date.parse(answer.body.to) - Date.parse(answer.body.from)).toBeGreaterThanOrEqual(2 * 365 * 86_400_000);

    expect((await call('GET', '/api/rdv/logs', { token: setup.promoter.token })).status).toBe(403);
  });

  it('a refused creation (no solution) writes no log; a deleted planning keeps its log', async () => {
    const setup = await programWithLots(30);
    const before = (await call('GET', '/api/rdv/logs', { token: setup.admin.token })).body.logs.length;
    const refused = await call('POST', '/api/rdv', {
      token: setup.promoter.token,
      body: planningBody(
        setup.program._id,
        setup.clients.map((client) => client._id),
      ),
    });
    expect(refused.status).toBe(422);
    expect((await call('GET', '/api/rdv/logs', { token: setup.admin.token })).body.logs).toHaveLength(before);

    const created = (await call('POST', '/api/rdv', { token: setup.promoter.token, body: planningBody(setup.program._id, [setup.clients[0]._id]) })).body
      .planning;
    expect((await call('DELETE', `/api/rdv/${created._id}?force=true`, { token: setup.admin.token })).status).toBe(202);
    const logs = (await call('GET', '/api/rdv/logs', { token: setup.admin.token })).body.logs as Log[];
    expect(logs.filter((entry) => entry.planningId === created._id)).toHaveLength(1);
  });

  it('from and to bound the period; a period longer than 5 years or reversed is refused', async () => {
    const setup = await programWithLots(1);
    const created = (await call('POST', '/api/rdv', { token: setup.promoter.token, body: planningBody(setup.program._id, [setup.clients[0]._id]) })).body
      .planning;
    const after = new Date(Date.parse(created.createdAt) + 1000).toISOString();
    const later = new Date(Date.parse(created.createdAt) + 86_400_000).toISOString();

    const none = await call('GET', `/api/rdv/logs?from=${encodeURIComponent(after)}&to=${encodeURIComponent(later)}`, { token: setup.admin.token });
    expect(none.body.logs.filter((entry: Log) => entry.planningId === created._id)).toEqual([]);
    const around = await call(
      'GET',
      `/api/rdv/logs?from=${encodeURIComponent(new Date(Date.parse(created.createdAt) - 40 * 86_400_000).toISOString())}&to=${encodeURIComponent(later)}`,
      { token: setup.admin.token },
    );
    expect(around.body.logs.filter((entry: Log) => entry.planningId === created._id)).toHaveLength(1);

    expect((await call('GET', `/api/rdv/logs?from=2010-01-01T00:00:00Z&to=2026-01-01T00:00:00Z`, { token: setup.admin.token })).status).toBe(400);
    expect((await call('GET', `/api/rdv/logs?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z`, { token: setup.admin.token })).status).toBe(400);
  });

  it('plannings created at once each get exactly one log', async () => {
    const setup = await programWithLots(4);
    const created = await Promise.all(
      setup.clients.map((client, index) =>
        call('POST', '/api/rdv', { token: setup.promoter.token, body: planningBody(setup.program._id, [client._id], { name: `Planning ${index}` }) }),
      ),
    );
    expect(created.map((response) => response.status)).toEqual([201, 201, 201, 201]);

    const logs = (await call('GET', '/api/rdv/logs', { token: setup.admin.token })).body.logs as Log[];
    for (const response of created) expect(logs.filter((entry) => entry.planningId === response.body.planning._id)).toHaveLength(1);
  });

  it('an AMO is refused too', async () => {
    const amo = await createUserAndLogin('amo');
    expect((await call('GET', '/api/rdv/logs', { token: amo.token })).status).toBe(403);
  });
});
