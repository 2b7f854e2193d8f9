import { call } from '../../support/test-api';
import { parisSeconds, freePlanning } from '../planning-actions/support';
import { icsEvents } from './support';

jest.setTimeout(120_000);

/**
 * A planning on the two DST Sundays of 2027 (28 March: 02:00 → 03:00; 31 October: 03:00 → 02:00),
 * with visits forced at 09:00 and 15:00 Paris time on each.
 */
async function dstPlanning() {
  const days = ['2027-03-28', '2027-10-31'];
  const events = days.map((date) => ({
    start: new Date(parisSeconds(date, '08:30') * 1000).toISOString(),
    end: new Date(parisSeconds(date, '17:00') * 1000).toISOString(),
    nbAmo: 1,
  }));
  const setup = await freePlanning({ lots: 4, overrides: { events, bookingDeadline: '2027-03-20T19:00:00.000Z' } });
  const times = [
    [days[0], '09:00'],
    [days[0], '15:00'],
    [days[1], '09:00'],
    [days[1], '15:00'],
  ] as const;
  for (const [index, [date, hm]] of times.entries()) {
    const forced = await call('PATCH', `/api/rdv/book-force/${setup.planningId}`, {
      token: setup.token,
      body: { selected: setup.meetings[index].uuid, rdvDate: parisSeconds(date, hm), length: 3_600_000, isMailConfirmation: false, selectedAmo: 0 },
    });
    expect(forced.status).toBe(200);
  }
  return { setup, times };
}

describe('ICS exports (part 1 §7)', () => {
  it('whole planning ICS parses with ical.js, Europe/Paris times right on both DST Sundays of 2027 (28 March, 31 October)', async () => {
    const { setup, times } = await dstPlanning();
    const response = await call('GET', `/api/exports/plannings/${setup.planningId}/ics?format=lotTypo`, { token: setup.token });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toContain('text/calendar');
    const events = icsEvents(response.raw.toString('utf8'));
    expect(events.map((event) => event.parisStart).sort()).toEqual(times.map(([date, hm]) => `${date} ${hm}`).sort());
    for (const event of events)
      expect(Date.parse(event.parisEnd.replace(' ', 'T') + 'Z') - Date.parse(event.parisStart.replace(' ', 'T') + 'Z')).toBe(3_600_000);
    expect(events.every((event) => event.summary.startsWith('Visite Cloisons – '))).toBe(true);
  });

  it('UIDs are stable across exports: the same meeting has the same UID, a staff move raises its SEQUENCE', async () => {
    const { setup } = await dstPlanning();
    const first = icsEvents((await call('GET', `/api/exports/plannings/${setup.planningId}/ics`, { token: setup.token })).raw.toString('utf8'));
    const again = icsEvents((await call('GET', `/api/exports/plannings/${setup.planningId}/ics`, { token: setup.token })).raw.toString('utf8'));
    expect(again.map((event) => event.uid).sort()).toEqual(first.map((event) => event.uid).sort());
    const moved = setup.meetings[0];
    expect(
      (
        await call('PATCH', `/api/rdv/${setup.planningId}/move`, {
          token: setup.token,
          body: { selected: moved.uuid, rdvDate: parisSeconds('2027-03-28', '11:00'), confirmMoveOption: 'moveOnly' },
        })
      ).status,
    ).toBe(200);
    const after = icsEvents((await call('GET', `/api/exports/plannings/${setup.planningId}/ics`, { token: setup.token })).raw.toString('utf8'));
    const before = first.find((event) => event.uid === `${moved.uuid}@livrea`)!;
    const now = after.find((event) => event.uid === `${moved.uuid}@livrea`)!;
    expect(now.parisStart).toBe('2027-03-28 11:00');
    expect(now.sequence).toBeGreaterThan(before.sequence);
    expect(after).toHaveLength(first.length);
  });

  it("one meeting for staff (?uuid=) and one AMO's visits (?amoNb=)", async () => {
    const { setup } = await dstPlanning();
    const one = icsEvents(
      (await call('GET', `/api/exports/plannings/${setup.planningId}/ics?uuid=${setup.meetings[2].uuid}`, { token: setup.token })).raw.toString('utf8'),
    );
    expect(one.map((event) => event.parisStart)).toEqual(['2027-10-31 09:00']);
    expect(icsEvents((await call('GET', `/api/exports/plannings/${setup.planningId}/ics?amoNb=0`, { token: setup.token })).raw.toString('utf8'))).toHaveLength(
      4,
    );
    expect(icsEvents((await call('GET', `/api/exports/plannings/${setup.planningId}/ics?amoNb=1`, { token: setup.token })).raw.toString('utf8'))).toHaveLength(
      0,
    );
  });

  it('a buyer or another promoter cannot export a planning ICS', async () => {
    const { setup } = await dstPlanning();
    const other = await freePlanning({ lots: 1 });
    expect((await call('GET', `/api/exports/plannings/${setup.planningId}/ics`, { token: other.token })).status).toBe(403);
    expect((await call('GET', `/api/exports/plannings/${setup.planningId}/ics`)).status).toBe(401);
  });
});
