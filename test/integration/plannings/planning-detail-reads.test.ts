import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { meetingItem, type MeetingRecord } from '../../../functions/data/plannings-repository';
import { getDeps } from '../../../functions/runtime/deps';
import { mapWithConcurrency } from '../../../functions/runtime/concurrency';
import { programWithLots } from '../../support/planning-fixtures';
import { call } from '../../support/test-api';
import { freePlanning, parisIso, type TestMeeting } from '../planning-actions/support';

/**
 * The planning detail page's reads are bounded by what it shows (docs/architecture.md « Live staff
 * screens »): the summary carries the figures without the meetings, the participants come a page
 * at a time, filtered and sorted on the server, the calendar gets the visits of its range, and no
 * answer on the page's path passes 1 MB, even for a planning of 2,000 buyers.
 */
type Setup = Awaited<ReturnType<typeof freePlanning>>;
type Row = TestMeeting & { planningId: string };

const MB = 1024 * 1024;

type Target = Pick<Setup, 'planningId' | 'token'>;

/** The page's reads, each called as the SPA calls it; `rest` is the query or the meeting's uuid. */
async function get(setup: Target, rest: string, token = setup.token) {
  const id = setup.planningId;
  const [, route, tail = ''] = /^\/?([a-z]*)(.*)$/.exec(rest)!;
  if (route === 'participants') return call('GET', `/api/rdv/${id}/participants${tail}`, { token });
  if (route === 'calendar') return call('GET', `/api/rdv/${id}/calendar${tail}`, { token });
  if (route === 'summary') return call('GET', `/api/rdv/${id}/summary`, { token });
  if (route === 'meetings') return call('GET', `/api/rdv/${id}/meetings/${tail.slice(1)}`, { token });
  if (route === 'changes') return call('GET', `/api/rdv/${id}/changes${tail}`, { token });
  return call('GET', `/api/rdv/${id}`, { token });
}

/** Every page of the participants, in order. */
async function allPages(setup: Setup, query: string, pageSize = 50): Promise<{ rows: Row[]; total: number }> {
  const rows: Row[] = [];
  let total = 0;
  for (let page = 1; page < 1000; page += 1) {
    const answer = await get(setup, `/participants?page=${page}&pageSize=${pageSize}${query}`);
    expect(answer.status).toBe(200);
    total = answer.body.total;
    rows.push(...answer.body.rows);
    if (page * pageSize >= total) break;
  }
  return { rows, total };
}

/**
 * `count` more buyers written straight into the planning's partition (the data layer's own
 * items), cloned from one of its meetings: one in three booked on the planning's days.
 */
async function seedMeetings(setup: Setup, count: number): Promise<void> {
  const deps = getDeps();
  const template = (await get(setup, `/meetings/${setup.meetings[0].uuid}`)).body.meeting as MeetingRecord;
  const records: MeetingRecord[] = Array.from({ length: count }, (_, index) => {
    const booked = index % 3 === 0;
    const day = setup.dayDates[index % setup.dayDates.length];
    const hour = 9 + (index % 8);
    return {
      ...template,
      uuid: `seed-${String(index).padStart(5, '0')}-${setup.planningId.slice(-6)}`,
      guest: { ...template.guest, _id: `seedlot${index}`, nom: `Acquéreur Généré ${index}`, lotcomm: `S${index}`, email: `seed${index}@example.fr` },
      isBooked: booked,
      forced: null,
      start: booked ? parisIso(day, `${String(hour).padStart(2, '0')}:00`) : null,
      end: booked ? parisIso(day, `${String(hour + 1).padStart(2, '0')}:00`) : null,
      amoNb: booked ? index % 4 : null,
      waitAskedAt: booked && index % 30 === 0 ? new Date(Date.UTC(2026, 0, 1) + index * 1000).toISOString() : undefined,
      invitationMail: [new Date().toISOString()],
      isInvitationSent: true,
    };
  });
  const chunks = Array.from({ length: Math.ceil(records.length / 25) }, (_, index) => records.slice(index * 25, index * 25 + 25));
  await mapWithConcurrency(chunks, 4, async (chunk) => {
    let items = chunk.map((record) => ({ PutRequest: { Item: JSON.parse(JSON.stringify(meetingItem(record))) as Record<string, unknown> } }));
    while (items.length > 0) {
      const answer = await deps.db.doc.send(new BatchWriteCommand({ RequestItems: { [deps.db.table]: items } }));
      items = (answer.UnprocessedItems?.[deps.db.table] ?? []) as typeof items;
    }
  });
}

describe('GET /rdv/{id}/participants: the table a page at a time', () => {
  let setup: Setup;
  beforeAll(async () => {
    setup = await freePlanning({ lots: 12 });
    // Three of them booked by staff (placed), one made inactive.
    for (const [index, meeting] of setup.meetings.slice(0, 3).entries()) {
      const forced = await call('PATCH', `/api/rdv/book-force/${setup.planningId}`, {
        token: setup.token,
        body: { selected: meeting.uuid, rdvDate: Date.parse(parisIso(setup.dayDates[0], `${9 + index}:00`.padStart(5, '0'))) / 1000 },
      });
      expect(forced.status).toBe(200);
    }
  }, 120_000);

  it('pages through every participant once, in lot order, with the total', async () => {
    const { rows, total } = await allPages(setup, '', 5);
    expect(total).toBe(12);
    expect(rows.map((row) => row.uuid).sort()).toEqual(setup.meetings.map((meeting) => meeting.uuid).sort());
    const lots = rows.map((row) => row.guest.lotcomm);
    expect(lots).toEqual([...lots].sort((a, b) => a.localeCompare(b, 'fr', { numeric: true })));
  });

  it('filters by status, AMO and text on the server, and sorts by a column either way', async () => {
    const booked = await get(setup, '/participants?status=r%C3%A9serv%C3%A9');
    expect(booked.body.total).toBe(3);
    expect(booked.body.rows.every((row: Row) => !!row.forced)).toBe(true);
    const byAmo = await get(setup, '/participants?amo=0');
    expect(byAmo.body.total).toBe(3);
    const target = setup.meetings[7];
    const byName = await get(setup, `/participants?q=${encodeURIComponent(target.guest.nom.toUpperCase())}`);
    expect(byName.body.rows.map((row: Row) => row.uuid)).toContain(target.uuid);
    expect(byName.body.total).toBeLessThan(12);
    const ascending = (await get(setup, '/participants?sort=appointment')).body.rows as Row[];
    expect(ascending.slice(0, 3).every((row) => row.start !== null)).toBe(true);
    const descending = (await get(setup, '/participants?sort=name&desc=true')).body.rows as Row[];
    const names = descending.map((row) => row.guest.nom);
    expect(names).toEqual([...names].sort((a, b) => b.localeCompare(a, 'fr', { numeric: true, sensitivity: 'base' })));
  });

  it('refuses bad input in French (400) and a planning of another program (403 or 404)', async () => {
    const badPage = await get(setup, '/participants?page=0');
    expect(badPage.status).toBe(400);
    expect(badPage.body.errors[0].message).toBe('Numéro de page invalide.');
    expect((await get(setup, '/participants?pageSize=500')).body.errors[0].message).toBe('Taille de page invalide (1 à 100 lignes).');
    expect((await get(setup, '/participants?status=perdu')).body.errors[0].message).toBe('Statut inconnu.');
    expect((await get(setup, `/participants?q=${'x'.repeat(101)}`)).status).toBe(400);
    expect((await get(setup, '/calendar?from=hier&to=demain')).body.errors[0].message).toBe(
      'Période invalide : indiquez deux dates ISO, la fin après le début.',
    );
    expect((await get(setup, '/calendar?from=2026-01-01T00:00:00Z&to=2026-12-01T00:00:00Z')).body.errors[0].message).toBe(
      'Période trop longue (100 jours au plus).',
    );
    const stranger = await programWithLots(1);
    for (const rest of ['/summary', '/participants', `/calendar?from=2026-01-01T00:00:00Z&to=2026-02-01T00:00:00Z`, `/meetings/${setup.meetings[0].uuid}`]) {
      const refused = await get(setup, rest, stranger.promoter.token);
      expect([403, 404]).toContain(refused.status);
      expect(refused.body.rows ?? refused.body.meeting ?? refused.body.figures ?? refused.body.visits).toBeUndefined();
    }
  }, 60_000);

  it('answers the calendar with the placed visits of its range only, and the summary with the figures but no meeting', async () => {
    const day = setup.dayDates[0];
    const inRange = await get(setup, `/calendar?from=${encodeURIComponent(parisIso(day, '00:00'))}&to=${encodeURIComponent(parisIso(day, '10:00'))}`);
    expect(inRange.status).toBe(200);
    expect(inRange.body.visits.map((visit: { lotcomm: string }) => visit.lotcomm).sort()).toEqual(
      setup.meetings
        .slice(0, 1)
        .map((meeting) => meeting.guest.lotcomm)
        .sort(),
    );
    const summary = await get(setup, '/summary');
    expect(summary.body.meetings).toBeUndefined();
    expect(summary.body.figures).toEqual(expect.objectContaining({ participants: 12, done: 3, toPlace: 9, waitlistTotal: 0 }));
    expect(summary.body.planning._id).toBe(setup.planningId);
  });
});

describe('a planning of 2,000 buyers', () => {
  it('keeps every answer of the detail page under 1 MB, the pages whole and the figures right', async () => {
    const setup = await freePlanning({ lots: 4, days: 5, nbAmo: 4 });
    await seedMeetings(setup, 1996);
    const cursor = await get(setup, '/changes');
    const summary = await get(setup, '/summary');
    const first = await get(setup, '/participants?page=1&pageSize=50');
    const widest = await get(setup, '/participants?page=3&pageSize=100');
    const calendar = await get(
      setup,
      `/calendar?from=${encodeURIComponent(parisIso(setup.dayDates[0], '00:00'))}&to=${encodeURIComponent(parisIso(setup.dayDates.at(-1)!, '23:00'))}`,
    );
    const meeting = await get(setup, `/meetings/${setup.meetings[0].uuid}`);
    const changes = await get(setup, `/changes?since=${cursor.body.changes}`);
    for (const answer of [cursor, summary, first, widest, calendar, meeting, changes]) {
      expect(answer.status).toBe(200);
      expect(Buffer.byteLength(JSON.stringify(answer.body))).toBeLessThan(MB);
    }
    expect(summary.body.figures.participants).toBe(2000);
    expect(summary.body.figures.waitlistTotal).toBe(67);
    expect(summary.body.figures.waitlist.length).toBe(50);
    expect(first.body.total).toBe(2000);
    expect(first.body.rows).toHaveLength(50);
    expect(widest.body.rows).toHaveLength(100);
    expect(calendar.body.visits).toHaveLength(666);
    // The whole read the page no longer makes is past the mark: what the bounded reads avoid.
    expect(Buffer.byteLength(JSON.stringify((await get(setup, '')).body))).toBeGreaterThan(MB);
  }, 240_000);
});
