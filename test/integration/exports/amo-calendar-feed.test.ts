import { call, createUserAndLogin } from '../../support/test-api';
import { imposedPlanning } from '../imposed/support';
import { icsEvents } from './support';

jest.setTimeout(120_000);

async function feedOf(amo: { token: string }) {
  const issued = await call('POST', '/api/exports/calendar-feed', { token: amo.token });
  expect(issued.status).toBe(201);
  const token = new URL(issued.body.url).pathname.split('/')[4];
  const response = await call('GET', `/api/exports/calendar-feed/${token}/visites.ics`);
  expect(response.status).toBe(200);
  return response.raw.toString('utf8');
}

describe('AMO calendar feed: the visits of the plannings the AMO works on (part 3 §6 authorizations)', () => {
  it('an AMO authorized on the program gets every visit of a planning that names no AMO, labelled with its column; an AMO not authorized gets none', async () => {
    const setup = await imposedPlanning({ lots: 3 });
    const amo = await createUserAndLogin('amo');
    const stranger = await createUserAndLogin('amo');
    expect((await call('PATCH', `/api/programs/${setup.program._id}`, { token: setup.token, body: { authorized: [amo.user._id] } })).status).toBe(200);
    expect((await setup.read()).planning.amoList).toEqual([]);

    const text = await feedOf(amo);
    const events = icsEvents(text);
    expect(events.map((event) => event.uid).sort()).toEqual(setup.meetings.map((meeting) => `${meeting.uuid}@livrea`).sort());
    expect(events.map((event) => event.parisStart).sort()).toEqual(['09:00', '10:00', '11:00'].map((hm) => `${setup.monday} ${hm}`));
    expect(text.replace(/\r\n[ \t]/g, '')).toContain('AMO : AMO 1');

    expect(icsEvents(await feedOf(stranger))).toHaveLength(0);
  });
});
