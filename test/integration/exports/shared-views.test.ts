import { signPrintToken } from '../../../functions/core/exports/print-token';
import { getDeps } from '../../../functions/runtime/deps';
import { parsePrintSpec } from '../../../shared/exports/print-spec';
import { call, createUserAndLogin } from '../../support/test-api';
import { buyerBooks, freePlanning, parisSeconds } from '../planning-actions/support';
import { icsEvents } from './support';

jest.setTimeout(180_000);

describe('consolidation: POST /plannings-consolides (part 2 §2.8, §5 Consolidation)', () => {
  it('returns the plannings with their meetings; a planning of a program the caller cannot see, or none, is refused', async () => {
    const a = await freePlanning({ lots: 2 });
    const response = await call('POST', '/api/plannings-consolides', { token: a.token, body: { _id: [a.planningId] } });
    expect(response.status).toBe(200);
    expect(response.body.plannings).toHaveLength(1);
    expect(response.body.plannings[0].meetings).toHaveLength(2);
    const other = await freePlanning({ lots: 1 });
    expect((await call('POST', '/api/plannings-consolides', { token: a.token, body: { _id: [a.planningId, other.planningId] } })).status).toBe(403);
    const empty = await call('POST', '/api/plannings-consolides', { token: a.token, body: { _id: [] } });
    expect(empty.status).toBe(400);
  });
});

describe('cross-program list: GET /plannings/q (part 2 §2.3, part 3 §7)', () => {
  it('10 a page with totalCount, filters by program and kind, sort by name; only the programs the caller may see', async () => {
    const setup = await freePlanning({ lots: 1 });
    // 11 more plannings of the same program: 12 in all, two pages.
    for (let index = 0; index < 11; index += 1) {
      const created = await call('POST', '/api/rdv', { token: setup.token, body: plannBody(setup, `Planning ${String(index).padStart(2, '0')}`) });
      expect(created.status).toBe(201);
    }
    const first = await call('GET', '/api/plannings/q?current=1&sortField=name&sortOrder=ascend', { token: setup.token });
    expect(first.status).toBe(200);
    expect(first.body.totalCount).toBe(12);
    expect(first.body.plannings).toHaveLength(10);
    expect(first.body.plannings[0].name).toBe('Planning 00');
    const second = await call('GET', '/api/plannings/q?current=2&sortField=name&sortOrder=ascend', { token: setup.token });
    expect(second.body.plannings).toHaveLength(2);
    expect(first.body.planningFilters.programs).toEqual([{ id: setup.program._id, name: 'Résidence du Lac' }]);
    expect((await call('GET', '/api/plannings/q?kind=imposed', { token: setup.token })).body.totalCount).toBe(0);
    // Each planning's invitations leave at its creation (no launch date): all 12 are open for booking, none closed.
    expect(
      (await call('GET', `/api/plannings/q?programId=${setup.program._id}&state=${encodeURIComponent('En cours de réservation')}`, { token: setup.token })).body
        .totalCount,
    ).toBe(12);
    expect(
      (
        await call('GET', `/api/plannings/q?programId=${setup.program._id}&state=${encodeURIComponent('Période de réservation terminée')}`, {
          token: setup.token,
        })
      ).body.totalCount,
    ).toBe(0);
    const stranger = await createUserAndLogin('promoter');
    const theirs = await call('GET', '/api/plannings/q', { token: stranger.token });
    expect(theirs.body).toEqual({ plannings: [], planningFilters: { programs: [], phases: [], kinds: [], states: [] }, totalCount: 0 });
    expect((await call('GET', '/api/plannings/q?current=0', { token: setup.token })).status).toBe(400);
  });
});

function plannBody(setup: Awaited<ReturnType<typeof freePlanning>>, name: string) {
  return {
    projectId: setup.program._id,
    name,
    phase: 'choices',
    mTimes: { '1p': 3_600_000 },
    broadcastList: [{ lotId: setup.clients[0]._id, length: 3_600_000 }],
    events: setup.events,
    lunchStartTime: '12:30',
    lunchEndTime: '14:00',
    bookingDeadline: new Date(Date.parse(setup.events[0].start) - 2 * 86_400_000).toISOString(),
    address: { numero: '5', rue: 'quai du Lac', codepostal: '74000', ville: 'Annecy' },
  };
}

describe('AMO calendar feed (part 1 §7 ★)', () => {
  it('a private URL (≥ 128 bits) serving the AMO’s visits; it follows moves and cancels; a new link or a revoke kills the old one; GET tells the profile page whether one is active', async () => {
    const amo = await createUserAndLogin('amo');
    const setup = await freePlanning({ lots: 2, overrides: {} });
    await call('PATCH', `/api/programs/${setup.program._id}`, { token: setup.token, body: { authorized: [amo.user._id] } });
    const withAmo = await call('POST', '/api/rdv', {
      token: setup.token,
      body: {
        ...plannBody(setup, 'Avec AMO'),
        amoList: [amo.user._id],
        areAmosAssigned: true,
        broadcastList: setup.clients.map((client) => ({ lotId: client._id, length: 3_600_000 })),
      },
    });
    expect(withAmo.status).toBe(201);
    const planningId = withAmo.body.planning._id as string;
    const meetings = (await call('GET', `/api/rdv/${planningId}`, { token: setup.token })).body.meetings as { uuid: string }[];
    const at = parisSeconds(setup.dayDates[0], '10:00');
    expect(
      (
        await call('PATCH', `/api/rdv/book-force/${planningId}`, {
          token: setup.token,
          body: { selected: meetings[0].uuid, rdvDate: at, length: 3_600_000, isMailConfirmation: false, selectedAmo: 0 },
        })
      ).status,
    ).toBe(200);

    expect((await call('GET', '/api/exports/calendar-feed', { token: amo.token })).body).toEqual({ active: false, createdAt: null });
    const issued = await call('POST', '/api/exports/calendar-feed', { token: amo.token });
    expect(issued.status).toBe(201);
    const token = new URL(issued.body.url).pathname.split('/')[4];
    expect(Buffer.from(token, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    expect(issued.body.webcalUrl.startsWith('webcal://')).toBe(true);
    expect((await call('GET', '/api/exports/calendar-feed', { token: amo.token })).body).toEqual({ active: true, createdAt: expect.any(String) });
    const feed = async (feedToken = token) => call('GET', `/api/exports/calendar-feed/${feedToken}/visites.ics`);
    const first = icsEvents((await feed()).raw.toString('utf8'));
    expect(first.map((event) => event.parisStart)).toEqual([`${setup.dayDates[0]} 10:00`]);

    expect(
      (
        await call('PATCH', `/api/rdv/${planningId}/move`, {
          token: setup.token,
          body: { selected: meetings[0].uuid, rdvDate: parisSeconds(setup.dayDates[1], '15:00'), confirmMoveOption: 'moveOnly' },
        })
      ).status,
    ).toBe(200);
    const moved = icsEvents((await feed()).raw.toString('utf8'));
    expect(moved).toHaveLength(1);
    expect(moved[0].uid).toBe(first[0].uid);
    expect(moved[0].parisStart).toBe(`${setup.dayDates[1]} 15:00`);
    expect(moved[0].sequence).toBeGreaterThan(first[0].sequence);

    expect(
      (await call('PATCH', `/api/rdv/${planningId}/unbook-staff`, { token: setup.token, body: { uuid: meetings[0].uuid, isMailConfirmationDel: false } }))
        .status,
    ).toBe(200);
    expect(icsEvents((await feed()).raw.toString('utf8'))).toHaveLength(0);

    const renewed = await call('POST', '/api/exports/calendar-feed', { token: amo.token });
    const newToken = new URL(renewed.body.url).pathname.split('/')[4];
    expect((await feed()).status).toBe(404);
    expect((await feed(newToken)).status).toBe(200);
    expect((await call('DELETE', '/api/exports/calendar-feed', { token: amo.token })).status).toBe(200);
    expect((await feed(newToken)).status).toBe(404);
    expect((await call('GET', '/api/exports/calendar-feed', { token: amo.token })).body).toEqual({ active: false, createdAt: null });
    expect((await call('POST', '/api/exports/calendar-feed', { token: setup.token })).status).toBe(403);
    expect((await call('GET', '/api/exports/calendar-feed', { token: setup.token })).status).toBe(403);
  });
});

describe('print page data: GET /exports/print-data (part 2 §2.9)', () => {
  it('answers with a print token only: visits titled in the format, one AMO; a session token or a tampered one is refused', async () => {
    const setup = await freePlanning({ lots: 2 });
    expect((await buyerBooks(setup.planningId, setup.meetings[0].uuid)).status).toBe(200);
    const planning = (await setup.read()).planning;
    const spec = parsePrintSpec(`${planning.uuid}--nameLot--week--0amoNb`)!;
    const token = await signPrintToken(await getDeps().secrets.signingKey(), spec, new Date());
    const response = await call('GET', `/api/exports/print-data?token=${token}`);
    expect(response.status).toBe(200);
    const booked = (await setup.read()).meetings.find((meeting) => meeting.uuid === setup.meetings[0].uuid)!;
    expect(response.body.visits).toEqual([expect.objectContaining({ title: `${booked.guest.nom} - ${booked.guest.lotcomm}`, start: booked.start, amoNb: 0 })]);
    expect(response.body.plannings[0].title).toBe(`${planning.name} - Visites Cloisons (2 lots)`);
    expect((await call('GET', `/api/exports/print-data?token=${setup.token}`)).status).toBe(403);
    expect((await call('GET', `/api/exports/print-data?token=${token.slice(0, -2)}xx`)).status).toBe(403);
  });
});
