import { futureMonday, workingDays } from '../../support/planning-fixtures';
import { call, createUserAndLogin } from '../../support/test-api';

/**
 * POST /api/rdv/no-need/simulation and /short-simulation (part 2 §4 'Simulation'): the engine run on
 * the planning being created, before anything is saved. Both routes answer the same engine.
 */
const oneHour = 3_600_000;
const mTimes = { '1p': oneHour, '2p': oneHour, '3p': oneHour, '4p': oneHour, '5p': oneHour };

function simulationInput(buyers: number, days = 1) {
  return {
    authorizeTrous: false,
    nbSolutions: 1,
    pas: 1800,
    lunchStartTime: '12:30',
    lunchEndTime: '14:00',
    events: workingDays(futureMonday(), days),
    mTimes,
    amoList: ['64b7f0c2a1e4d3f5a6b7c8d9'],
    broadcastList: Array.from({ length: buyers }, (_, index) => ({ guest: { _id: `lot-${index + 1}`, typologie: '3p', email: `lot${index + 1}@exemple.fr` } })),
  };
}

describe.each(['/api/rdv/no-need/simulation', '/api/rdv/no-need/short-simulation'])('simulation (part 2 §4): POST %s', (path) => {
  let token = '';
  beforeAll(async () => {
    token = (await createUserAndLogin('promoter')).token;
  });

  it('places every buyer once on a day that holds them, each visit inside the opening hours and outside lunch', async () => {
    const input = simulationInput(4);
    const response = await call('POST', path, { token, body: input });

    expect(response.status).toBe(200);
    expect(response.body.simulationData).toEqual(expect.objectContaining({ feasible: true, nbBuyers: 4, reason: null }));
    const visits = response.body.schedule[0].flatMap((day: { visits: { guestId: string; start: string; end: string }[] }) => day.visits);
    expect(visits.map((visit: { guestId: string }) => visit.guestId).sort()).toEqual(['lot-1', 'lot-2', 'lot-3', 'lot-4']);
    const [open] = input.events;
    for (const visit of visits) {
      expect(Date.parse(visit.end) - Date.parse(visit.start)).toBe(oneHour);
      expect(Date.parse(visit.start)).toBeGreaterThanOrEqual(Date.parse(open.start));
      expect(Date.parse(visit.end)).toBeLessThanOrEqual(Date.parse(open.end));
    }
  });

  it("more buyers than hours: not feasible, with the reason 'Pas assez de temps pour faire les visites. Veuillez ajouter des disponibilités.'", async () => {
    // One day from 08:30 to 17:00 with 1 h 30 of lunch holds 7 one-hour visits, not 12.
    const response = await call('POST', path, { token, body: simulationInput(12) });

    expect(response.status).toBe(200);
    expect(response.body.simulationData.feasible).toBe(false);
    expect(response.body.simulationData.hours.needed).toBeGreaterThan(response.body.simulationData.hours.available);
  });

  it("a lunch break that ends before it starts is refused: 'Veuillez renseigner un horaire de pause déjeuner SVP'", async () => {
    const response = await call('POST', path, { token, body: { ...simulationInput(2), lunchStartTime: '14:00', lunchEndTime: '12:30' } });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Veuillez renseigner un horaire de pause déjeuner SVP');
  });

  it('a buyer account cannot run it (403), nor an anonymous caller (401)', async () => {
    const buyer = await createUserAndLogin('customer');
    expect((await call('POST', path, { token: buyer.token, body: simulationInput(2) })).status).toBe(403);
    expect((await call('POST', path, { body: simulationInput(2) })).status).toBe(401);
  });
});
