import { meetingItem, type MeetingRecord } from '../../../functions/data/plannings-repository';
import { getDeps } from '../../../functions/runtime/deps';
import type { Lot } from '../../../shared/domain/lot';
import { programWithLots } from '../../support/planning-fixtures';
import { readWholePlanning } from '../../support/planning-pages';
import { putItems, seedLots } from '../../support/seed-big-program';
import { call, signInWithoutLoginRoute } from '../../support/test-api';
import { freePlanning, parisIso, type TestMeeting } from '../planning-actions/support';

// Not a sign-in test: its accounts sign in through the product's session code (test/support/test-api.ts).
signInWithoutLoginRoute();

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
async function seedMeetings(setup: Setup, count: number, lots: readonly { _id: string }[] = []): Promise<void> {
  const deps = getDeps();
  const template = (await get(setup, `/meetings/${setup.meetings[0].uuid}`)).body.meeting as MeetingRecord;
  const records: MeetingRecord[] = Array.from({ length: count }, (_, index) => {
    const booked = index % 3 === 0;
    const day = setup.dayDates[index % setup.dayDates.length];
    const hour = 9 + (index % 8);
    return {
      ...template,
      uuid: `seed-${String(index).padStart(5, '0')}-${setup.planningId.slice(-6)}`,
      guest: {
        ...template.guest,
        _id: lots[index]?._id ?? `seedlot${index}`,
        nom: `Acquéreur Généré ${index}`,
        lotcomm: `S${index}`,
        email: `seed${index}@example.fr`,
      },
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
  await putItems(
    deps.store,
    records.map((record) => JSON.parse(JSON.stringify(meetingItem(record))) as Record<string, unknown>),
  );
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
  let setup: Setup;
  /** The 2,100 lots seeded in the planning's program beside its own 4: the first 1,996 are the seeded buyers'. */
  let seeded: Lot[];
  beforeAll(async () => {
    setup = await freePlanning({ lots: 4, days: 5, nbAmo: 4 });
    seeded = await seedLots(getDeps().store, setup.program._id, 2100);
    await seedMeetings(setup, 1996, seeded);
  }, 240_000);

  it('keeps every answer of the detail page under 1 MB, the pages whole and the figures right', async () => {
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
  }, 240_000);

  it('answers GET /rdv/{id} 500 meetings a page under 1 MB, each meeting once over the pages, and refuses a forged cursor in French', async () => {
    const sizes: number[] = [];
    const whole = await readWholePlanning<{ _id: string }, Row>(async (query) => {
      const answer = await call('GET', `/api/rdv/${setup.planningId}${query}`, { token: setup.token });
      sizes.push(Buffer.byteLength(JSON.stringify(answer.body)));
      if (answer.status === 200) expect(answer.body.meetings.length).toBe(500);
      return answer;
    });
    expect(whole.pages).toBe(4);
    expect(whole.planning._id).toBe(setup.planningId);
    expect(new Set(whole.meetings.map((meeting) => meeting.uuid)).size).toBe(2000);
    expect(Math.max(...sizes)).toBeLessThan(MB);
    const forged = await call('GET', `/api/rdv/${setup.planningId}?cursor=${Buffer.from('../PLANNING', 'utf8').toString('base64url')}`, { token: setup.token });
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe('Curseur de page invalide : relisez le planning depuis le début.');
    const stranger = await programWithLots(1);
    expect([403, 404]).toContain((await call('GET', `/api/rdv/${setup.planningId}`, { token: stranger.promoter.token })).status);
  }, 120_000);

  it("feeds the dialogs' pickers with small answers: buyers to place or any buyer by a server search, the program's lots not in the planning", async () => {
    const summary = await get(setup, '/summary');
    // Manual placement: the buyers still to place, 20 at a time, the total counted as the summary counts it.
    const toPlace = await get(setup, '/participants?page=1&pageSize=20&toPlace=true');
    expect(toPlace.status).toBe(200);
    expect(toPlace.body.total).toBe(summary.body.figures.toPlace);
    expect(toPlace.body.rows).toHaveLength(20);
    expect(toPlace.body.rows.every((row: Row) => row.isActive && row.isAvailable && !row.isBooked && !row.forced)).toBe(true);
    // Removal: any buyer, found by name.
    const byName = await get(setup, `/participants?page=1&pageSize=20&q=${encodeURIComponent('Acquéreur Généré 1234')}`);
    expect(byName.body.rows.map((row: Row) => row.guest.nom)).toEqual(['Acquéreur Généré 1234']);
    const booked = await get(setup, `/participants?page=1&pageSize=20&toPlace=true&q=${encodeURIComponent('Acquéreur Généré 1233')}`);
    expect(booked.body.total).toBe(0);
    expect((await get(setup, '/participants?toPlace=oui')).body.errors[0].message).toBe('Filtre « à placer » invalide.');
    for (const answer of [toPlace, byName, booked]) expect(Buffer.byteLength(JSON.stringify(answer.body))).toBeLessThan(MB);

    // « Ajouter un acquéreur »: every lot of the program outside the planning, page after page, none of its buyers.
    const candidates = async (query: string): Promise<string[]> => {
      const found: string[] = [];
      let cursor: string | null = null;
      for (let reads = 0; reads < 20; reads += 1) {
        const page: { status: number; body: { clients: { _id: string }[]; nextCursor: string | null } } = await call(
          'GET',
          `/api/rdv/${setup.planningId}/lot-candidates?limit=500${query}${cursor ? `&cursor=${cursor}` : ''}`,
          { token: setup.token },
        );
        expect(page.status).toBe(200);
        expect(Buffer.byteLength(JSON.stringify(page.body))).toBeLessThan(MB);
        found.push(...page.body.clients.map((lot) => lot._id));
        cursor = page.body.nextCursor;
        if (!cursor) return found;
      }
      throw new Error('more than 20 pages');
    };
    const ids = (lots: readonly Lot[]) => lots.map((lot) => lot._id).sort();
    expect((await candidates('')).sort()).toEqual(ids(seeded.slice(1996)));
    expect(await candidates(`&q=${encodeURIComponent(seeded[2050].mailmonsieur)}`)).toEqual([seeded[2050]._id]);
    expect(await candidates(`&q=${encodeURIComponent(seeded[10].mailmonsieur)}`)).toEqual([]);
    const stranger = await programWithLots(1);
    expect([403, 404]).toContain((await call('GET', `/api/rdv/${setup.planningId}/lot-candidates`, { token: stranger.promoter.token })).status);
  }, 120_000);
});
