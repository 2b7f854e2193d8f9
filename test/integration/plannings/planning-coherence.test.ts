import { frenchHolidays } from '../../../shared/scheduling/french-holidays';
import { parisWallToEpoch } from '../../../shared/scheduling/time-grid';
import { planningBody, programWithLots } from '../../support/planning-fixtures';
import { call } from '../../support/test-api';

/**
 * POST /api/rdv refuses an incoherent planning with a French 400 and creates nothing (part 2 §5
 * 'Planning form').
 */
let setup: Awaited<ReturnType<typeof programWithLots>>;

beforeAll(async () => {
  setup = await programWithLots(3);
});

const day = (date: string, from = 8 * 60 + 30, to = 17 * 60, nbAmo = 1) => ({
  start: new Date(parisWallToEpoch(date, from)).toISOString(),
  end: new Date(parisWallToEpoch(date, to)).toISOString(),
  nbAmo,
});
const daysBefore = (instant: string, days: number) => new Date(Date.parse(instant) - days * 86_400_000).toISOString();

async function create(overrides: Parameters<typeof planningBody>[2], lotIds = setup.clients.map((client) => client._id)) {
  return call('POST', '/api/rdv', { token: setup.promoter.token, body: planningBody(setup.program._id, lotIds, overrides) });
}

async function expectRefused(response: Awaited<ReturnType<typeof create>>, message: string, path: string) {
  expect(response.status).toBe(400);
  expect(response.body.message).toBe(message);
  expect(response.body.errors[0].path).toBe(path);
  const plannings = (await call('GET', `/api/rdv/project/${setup.program._id}/plannings`, { token: setup.promoter.token })).body.plannings;
  expect(plannings).toEqual([]);
}

describe('planning coherence on creation (part 2 §5)', () => {
  it('the same lot twice (two invitations to one buyer) is refused', async () => {
    const [first, second] = setup.clients.map((client) => client._id);
    const response = await create({}, [first, second, first]);
    await expectRefused(
      response,
      "Le même lot est sélectionné deux fois (ligne 3) : chaque acquéreur ne doit recevoir qu'une invitation.",
      'broadcastList.2.lotId',
    );
  });

  it('days that are all in the past are refused, even with a deadline to come', async () => {
    const events = [day('2024-03-04'), day('2024-03-05')];
    const response = await create({ events, bookingDeadline: new Date(Date.now() + 86_400_000).toISOString() });
    await expectRefused(response, 'La journée du 04/03/2024 est déjà passée : choisissez des journées à venir.', 'events.0');
  });

  it('a dispatch date after the booking deadline is refused', async () => {
    const body = planningBody(setup.program._id, []);
    const response = await create({ launchDate: daysBefore(body.bookingDeadline, -1) });
    await expectRefused(response, "La date d'envoi des invitations doit précéder la date limite de réponse.", 'launchDate');
  });

  it('a booking deadline after the last visit is refused', async () => {
    const body = planningBody(setup.program._id, []);
    const lastEnd = body.events[body.events.length - 1].end;
    const response = await create({ bookingDeadline: daysBefore(lastEnd, -1) });
    await expectRefused(response, 'La date limite de réponse doit précéder la fin de la dernière journée de visites.', 'bookingDeadline');
  });

  it('one event spanning three days is refused instead of being silently cut', async () => {
    const body = planningBody(setup.program._id, []);
    const first = body.events[0];
    const spanning = { ...first, end: new Date(Date.parse(first.end) + 2 * 86_400_000).toISOString() };
    const response = await create({ events: [spanning] });
    const date = new Date(Date.parse(first.start)).toISOString().slice(0, 10);
    await expectRefused(
      response,
      `La journée du ${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)} doit commencer et finir le même jour : créez une journée par date.`,
      'events.0',
    );
  });

  it('a bank holiday is refused with its name', async () => {
    const soon = Date.now() + 7 * 86_400_000;
    const year = new Date().getUTCFullYear();
    const holiday = [...frenchHolidays(year), ...frenchHolidays(year + 1)].find((candidate) => Date.parse(`${candidate.date}T12:00:00Z`) > soon)!;
    const events = [day(holiday.date)];
    const response = await create({ events, bookingDeadline: daysBefore(events[0].start, 2) });
    const [y, m, d] = holiday.date.split('-');
    await expectRefused(response, `Le ${d}/${m}/${y} est un jour férié (${holiday.name}) : retirez cette journée.`, 'events.0');
    // The same program and buyers on working days: created (runs last, the other cases expect no planning).
    expect((await create({})).status).toBe(201);
  });
});
