import { call, createUserAndLogin, signInWithoutLoginRoute } from '../../support/test-api';
import { raceOnWorkers } from '../../support/test-pool';
import { parisIso, parisSeconds, programForFile, type TestMeeting } from '../planning-actions/support';
import { futureMonday, workingDays } from '../../support/planning-fixtures';
import { eventToDay } from '../../../shared/scheduling/planning-calendar';
import { amoOnTwoPlannings } from './amo-two-plannings';

// Not a sign-in test: its accounts sign in through the product's session code (test/support/test-api.ts).
signInWithoutLoginRoute();

/**
 * One person, one calendar (docs/scheduling.md): real handlers on DynamoDB Local. Planning A (in
 * one program) names amo1 on a morning, 08:30–12:30; planning B (another program, created after)
 * names amo1 the whole day, 08:30–17:00 with lunch 12:30–14:00. A owns amo1's morning: B offers
 * from 14:00 (12:30 + 45 minutes of travel, then lunch). 1 h visits.
 */
const MIN = 60_000;

/**
 * Two programs imported once for the file: a test's first planning lies in the one, its second in
 * the other, so that its two plannings are always two programs (the travel time between them, as
 * when each planning had a program of its own). Each planning still has buyers of its own, and
 * every test its own AMO, whose calendar is the only thing read across plannings.
 */
const [one, two] = [programForFile(30), programForFile(30)];

type Setup = Awaited<ReturnType<typeof one.freePlanning>>;

async function sharedAmo(options: { named?: boolean; lotsA?: number; lotsB?: number } = {}) {
  const named = options.named ?? true;
  const amo = await createUserAndLogin('amo');
  const monday = futureMonday();
  const morning = workingDays(monday, 1, { start: 8 * 60 + 30, end: 12 * 60 + 30 });
  const day = workingDays(monday, 1);
  const amoFields = named ? { areAmosAssigned: true, amoList: [amo.user._id] } : {};
  const a = await one.freePlanning({ lots: options.lotsA ?? 3, days: 1, overrides: { name: 'Les Jardins du Parc', events: morning, ...amoFields } });
  const b = await two.freePlanning({ lots: options.lotsB ?? 3, days: 1, overrides: { name: 'Le Clos des Vignes', events: day, ...amoFields } });
  return { amo, a, b, date: a.dayDates[0] };
}

async function optionsOf(uuid: string): Promise<{ startDate: string; endDate: string; amoNb: number }[]> {
  const view = await call('GET', `/api/rdv/usr/${uuid}`);
  expect(view.status).toBe(200);
  return view.body.options;
}

function book(planningId: string, uuid: string, slot: { startDate: string; amoNb: number }) {
  return call('PATCH', `/api/rdv/book/${planningId}`, { body: { usr: uuid, slot, extra: { isInterestedVr: false, visitors: [] } } });
}

/** amo1's visits on both plannings, each with its program. */
async function visitsOf(...setups: Setup[]) {
  const visits: { program: string; start: number; end: number }[] = [];
  for (const setup of setups) {
    const { meetings } = await setup.read();
    for (const meeting of meetings as TestMeeting[]) {
      if (meeting.start && meeting.end) visits.push({ program: setup.program._id as string, start: Date.parse(meeting.start), end: Date.parse(meeting.end) });
    }
  }
  return visits;
}

/** Pairs of visits of the person that overlap, or leave less than the travel time between two programs. */
function clashes(visits: { program: string; start: number; end: number }[], travelMs = 45 * MIN): number {
  let found = 0;
  for (let i = 0; i < visits.length; i += 1) {
    for (let j = i + 1; j < visits.length; j += 1) {
      const gap = visits[i].program === visits[j].program ? 0 : travelMs;
      if (visits[i].start < visits[j].end + gap && visits[j].start < visits[i].end + gap) found += 1;
    }
  }
  return found;
}

describe('one person, one calendar: a named AMO is never booked in two places at once (docs/scheduling.md « One person, one calendar »)', () => {
  it('the later planning does not offer the AMO’s time the earlier one holds (travel time between programs), and its booking re-check refuses it', async () => {
    const { a, b, date } = await sharedAmo();
    expect((await optionsOf(a.meetings[0].uuid)).map((option) => option.startDate)).toContain(parisIso(date, '08:30'));
    const offered = await optionsOf(b.meetings[0].uuid);
    expect(offered.length).toBeGreaterThan(0);
    expect(Math.min(...offered.map((option) => Date.parse(option.startDate)))).toBeGreaterThanOrEqual(Date.parse(parisIso(date, '14:00')));
    const refused = await book(b.planningId, b.meetings[0].uuid, { startDate: parisIso(date, '08:30'), amoNb: 0 });
    expect(refused.status).toBe(409);
    expect(await visitsOf(b)).toEqual([]);
  });

  it('unnamed AMO columns keep the planning-local behaviour: both plannings offer 08:30', async () => {
    const { a, b, date } = await sharedAmo({ named: false });
    expect((await optionsOf(a.meetings[0].uuid)).map((option) => option.startDate)).toContain(parisIso(date, '08:30'));
    expect((await optionsOf(b.meetings[0].uuid)).map((option) => option.startDate)).toContain(parisIso(date, '08:30'));
  });

  it('racing bookings of both plannings through the worker pool: never two overlapping visits of the person, never a stranded buyer', async () => {
    const { a, b } = await sharedAmo({ lotsA: 2, lotsB: 2 });
    const buyers = [
      ...a.meetings.map((meeting) => ({ planningId: a.planningId, uuid: meeting.uuid })),
      ...b.meetings.map((meeting) => ({ planningId: b.planningId, uuid: meeting.uuid })),
    ];
    const outcomes = await raceOnWorkers(buyers.length, { method: 'GET', url: `/api/rdv/usr/${buyers[0].uuid}` }, (race) =>
      Promise.all(
        buyers.map(async (buyer) => {
          // Each buyer takes their first option, and tries again on a refusal (somebody else was quicker).
          for (let attempt = 0; attempt < 6; attempt += 1) {
            const view = await race('GET', `/api/rdv/usr/${buyer.uuid}`);
            const option = view.body.options?.[0];
            if (!option) return 'stranded';
            const booked = await race('PATCH', `/api/rdv/book/${buyer.planningId}`, {
              body: { usr: buyer.uuid, slot: { startDate: option.startDate, amoNb: option.amoNb }, extra: { isInterestedVr: false, visitors: [] } },
            });
            if (booked.status === 200) return 'booked';
          }
          return 'gave up';
        }),
      ),
    );
    expect(outcomes).toEqual(buyers.map(() => 'booked'));
    const visits = await visitsOf(a, b);
    expect(visits).toHaveLength(buyers.length);
    expect(clashes(visits)).toBe(0);
  }, 240_000);

  it('an AMO added to an older planning (« Ajouter un AMO ») comes after the plannings that named them before', async () => {
    const [first, shared] = await Promise.all([createUserAndLogin('amo'), createUserAndLogin('amo')]);
    const monday = futureMonday();
    const older = await one.freePlanning({ lots: 2, days: 1, overrides: { events: workingDays(monday, 1), areAmosAssigned: true, amoList: [first.user._id] } });
    await two.freePlanning({
      lots: 2,
      days: 1,
      overrides: {
        name: 'Les Jardins du Parc',
        events: workingDays(monday, 1, { start: 8 * 60 + 30, end: 12 * 60 + 30 }),
        areAmosAssigned: true,
        amoList: [shared.user._id],
      },
    });
    const date = older.dayDates[0];
    const added = await call('PATCH', `/api/rdv/add-amo/${older.planningId}`, { token: older.token, body: { amoId: shared.user._id, dates: [date] } });
    expect(added.status).toBe(200);
    const options = await optionsOf(older.meetings[0].uuid);
    expect(options.some((option) => option.amoNb === 0 && option.startDate === parisIso(date, '08:30'))).toBe(true);
    const second = options.filter((option) => option.amoNb === 1).map((option) => Date.parse(option.startDate));
    expect(second.length).toBeGreaterThan(0);
    expect(Math.min(...second)).toBeGreaterThanOrEqual(Date.parse(parisIso(date, '14:00')));
  });

  it('a forced booking over the other planning’s time names it and asks; confirmed, the other planning keeps clear of the visit', async () => {
    const { amo, a, b, date } = await sharedAmo({ lotsA: 1 });
    const body = { selected: b.meetings[0].uuid, rdvDate: parisSeconds(date, '11:30'), selectedAmo: amo.user._id };
    const refused = await call('PATCH', `/api/rdv/book-force/${b.planningId}`, { token: b.token, body });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `${amo.user.username} est déjà sur « Les Jardins du Parc » le ${date.slice(8, 10)}/${date.slice(5, 7)} de 08:30 à 12:30 : placer quand même ?`,
    );
    expect(refused.body.details).toEqual(expect.objectContaining({ code: 'AMO_ELSEWHERE' }));
    expect(await visitsOf(b)).toEqual([]);
    expect((await call('PATCH', `/api/rdv/book-force/${b.planningId}`, { token: b.token, body: { ...body, confirmElsewhere: true } })).status).toBe(200);
    // 11:30–12:30 on B (another program): A offers only visits that end by 10:45.
    const ends = (await optionsOf(a.meetings[0].uuid)).map((option) => Date.parse(option.endDate));
    expect(ends.length).toBeGreaterThan(0);
    expect(Math.max(...ends)).toBeLessThanOrEqual(Date.parse(parisIso(date, '10:45')));
  });

  it('a forced booking outside its planning’s own time asks nothing and is recorded: a planning that later names the AMO there keeps clear of it', async () => {
    const amo = await createUserAndLogin('amo');
    const monday = futureMonday();
    const named = { areAmosAssigned: true, amoList: [amo.user._id] };
    const morning = await one.freePlanning({
      lots: 1,
      days: 1,
      overrides: { name: 'Les Jardins du Parc', events: workingDays(monday, 1, { start: 8 * 60 + 30, end: 12 * 60 + 30 }), ...named },
    });
    const date = morning.dayDates[0];
    // 14:00–15:00: outside the morning, and no planning claims the afternoon yet.
    const body = { selected: morning.meetings[0].uuid, rdvDate: parisSeconds(date, '14:00'), selectedAmo: amo.user._id };
    expect((await call('PATCH', `/api/rdv/book-force/${morning.planningId}`, { token: morning.token, body })).status).toBe(200);
    const later = await two.freePlanning({ lots: 1, days: 1, overrides: { name: 'Le Clos des Vignes', events: workingDays(monday, 1), ...named } });
    // The morning's visit, another program: nothing from 14:00 − 45 minutes to 15:00 + 45 minutes.
    const options = await optionsOf(later.meetings[0].uuid);
    expect(options.length).toBeGreaterThan(0);
    const overlapping = options.filter(
      (option) => Date.parse(option.startDate) < Date.parse(parisIso(date, '15:45')) && Date.parse(option.endDate) > Date.parse(parisIso(date, '13:15')),
    );
    expect(overlapping).toEqual([]);
  });

  it('« Décaler » onto a day the AMO works on another planning lists it in the preview and asks before shifting', async () => {
    const amo = await createUserAndLogin('amo');
    const [first, second] = workingDays(futureMonday(), 2, { start: 8 * 60 + 30, end: 12 * 60 + 30 });
    const named = { areAmosAssigned: true, amoList: [amo.user._id] };
    const a = await one.freePlanning({ lots: 1, days: 1, overrides: { name: 'Les Jardins du Parc', events: [first], ...named } });
    await two.freePlanning({ lots: 1, days: 1, overrides: { name: 'Le Clos des Vignes', events: [second], ...named } });
    const [from, to] = [eventToDay(first).date, eventToDay(second).date];
    const body = { mode: 'days', days: [{ from, to }] };
    const preview = await call('POST', `/api/rdv/${a.planningId}/decaler/apercu`, { token: a.token, body });
    expect(preview.status).toBe(200);
    expect(preview.body.amoElsewhere).toEqual([
      `${amo.user.username} est déjà sur « Le Clos des Vignes » le ${to.slice(8, 10)}/${to.slice(5, 7)} de 08:30 à 12:30`,
    ]);
    const refused = await call('POST', `/api/rdv/${a.planningId}/decaler`, { token: a.token, body });
    expect(refused.status).toBe(409);
    expect(refused.body.details).toEqual(expect.objectContaining({ code: 'AMO_ELSEWHERE' }));
    // A owns that morning once there: the other planning's buyer still to place loses it, asked too.
    const confirmed = { ...body, confirmElsewhere: true, confirmStrand: true };
    expect((await call('POST', `/api/rdv/${a.planningId}/decaler`, { token: a.token, body: confirmed })).status).toBe(202);
  });

  it('« Décaler » confirmed onto another planning’s time records the moved visits: that planning keeps clear of them (travel time included)', async () => {
    const amo = await createUserAndLogin('amo');
    const [first, second] = workingDays(futureMonday(), 2, { start: 8 * 60 + 30, end: 12 * 60 + 30 });
    const named = { areAmosAssigned: true, amoList: [amo.user._id] };
    // B names amo1 first, on the second day: it owns that morning.
    const b = await one.freePlanning({ lots: 1, days: 1, overrides: { name: 'Le Clos des Vignes', events: [second], ...named } });
    const a = await two.freePlanning({ lots: 1, days: 1, overrides: { name: 'Les Jardins du Parc', events: [first], ...named } });
    const [from, to] = [eventToDay(first).date, eventToDay(second).date];
    expect((await book(a.planningId, a.meetings[0].uuid, { startDate: parisIso(from, '08:30'), amoNb: 0 })).status).toBe(200);
    const started = await call('POST', `/api/rdv/${a.planningId}/decaler`, {
      token: a.token,
      body: { mode: 'days', days: [{ from, to }], confirmElsewhere: true },
    });
    expect(started.status).toBe(202);
    const [moved] = (await a.read()).meetings as TestMeeting[];
    expect(moved.start).toBe(parisIso(to, '08:30'));
    // A's visit 08:30–09:30 on B's morning, another program: B offers nothing before 09:30 + 45 minutes.
    const starts = (await optionsOf(b.meetings[0].uuid)).map((option) => Date.parse(option.startDate));
    expect(starts.length).toBeGreaterThan(0);
    expect(Math.min(...starts)).toBeGreaterThanOrEqual(Date.parse(parisIso(to, '10:15')));
    expect(clashes(await visitsOf(a, b))).toBe(0);
  });

  it('a buyer added to the later planning must fit in the AMO’s own time there: the time the earlier planning holds does not count', async () => {
    const amo = await createUserAndLogin('amo');
    const monday = futureMonday();
    const named = { areAmosAssigned: true, amoList: [amo.user._id] };
    await one.freePlanning({ lots: 1, days: 1, overrides: { events: workingDays(monday, 1, { start: 8 * 60 + 30, end: 12 * 60 + 30 }), ...named } });
    // 14:00–17:00 is the AMO's on the later planning: its three 1 h buyers fill it.
    const later = await two.freePlanning({ lots: 4, invited: 3, days: 1, overrides: { events: workingDays(monday, 1), ...named } });
    const refused = await call('PATCH', `/api/rdv/${later.planningId}/add-customer`, {
      token: later.token,
      body: { user: later.clients[3]._id, duree: 3_600_000, isMailInvitation: false },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('Pas de solution');
  });

  it('days off (« Mes indisponibilités ») entered once apply to every planning naming the AMO; one that strands buyers names them and asks', async () => {
    const { amo, a, b, date } = await sharedAmo({ lotsA: 2 });
    const off = { start: parisIso(date, '08:30'), end: parisIso(date, '10:30') };
    const added = await call('POST', '/api/amo/days-off', { token: amo.token, body: off });
    expect(added.status).toBe(201);
    expect(added.body.message).toBe('Indisponibilité enregistrée.');
    expect((await optionsOf(a.meetings[0].uuid)).every((option) => Date.parse(option.startDate) >= Date.parse(off.end))).toBe(true);
    // A's two buyers now fit only in 10:30–12:30: a day off over the rest of the morning would strand them.
    const stranding = { start: parisIso(date, '10:30'), end: parisIso(date, '12:00') };
    const asked = await call('POST', '/api/amo/days-off', { token: amo.token, body: stranding });
    expect(asked.status).toBe(409);
    expect(asked.body.message).toContain(a.meetings[0].guest.nom);
    // Staff of B (a promoter) see and delete the AMO's days off.
    const listed = await call('GET', `/api/amo/calendar?userId=${amo.user._id}`, { token: b.token });
    expect(listed.body).toEqual({
      daysOff: [{ id: added.body.dayOff.id, ...off }].map((one) => ({
        ...one,
        start: new Date(one.start).toISOString(),
        end: new Date(one.end).toISOString(),
      })),
      travelMinutes: 45,
    });
    expect((await call('DELETE', `/api/amo/days-off/${added.body.dayOff.id}?userId=${amo.user._id}`, { token: b.token })).status).toBe(200);
    expect((await optionsOf(a.meetings[0].uuid)).map((option) => option.startDate)).toContain(parisIso(date, '08:30'));
    expect((await call('DELETE', `/api/amo/days-off/${added.body.dayOff.id}`, { token: amo.token })).status).toBe(404);
  });

  it('a day off that strands buyers of two plannings names the buyers of both in one question, and one confirmation saves it', async () => {
    const { amo, a, b, date } = await amoOnTwoPlannings(2);
    const wholeDay = { start: parisIso(date, '00:00'), end: parisIso(date, '23:59') };
    const asked = await call('POST', '/api/amo/days-off', { token: amo.token, body: wholeDay });
    expect(asked.status).toBe(409);
    expect(asked.body.code).toBe('WOULD_STRAND');
    for (const meeting of [...a.meetings, ...b.meetings]) expect(asked.body.message).toContain(meeting.guest.nom);
    expect((await call('POST', '/api/amo/days-off', { token: amo.token, body: { ...wholeDay, confirmStrand: true } })).status).toBe(201);
  });

  it('the travel time is the AMO’s setting (0 to 240 minutes); a longer one that strands buyers of the later planning names them and asks', async () => {
    const { amo, b, date } = await sharedAmo();
    expect((await call('PUT', '/api/amo/calendar', { token: amo.token, body: { travelMinutes: 300 } })).body.message).toBe(
      'Temps de trajet invalide : entre 0 et 240 minutes.',
    );
    // Two hours of travel: B keeps 14:30–17:00, room for two of its three 1 h buyers.
    const asked = await call('PUT', '/api/amo/calendar', { token: amo.token, body: { travelMinutes: 120 } });
    expect(asked.status).toBe(409);
    expect(asked.body.code).toBe('WOULD_STRAND');
    expect((await call('GET', '/api/amo/calendar', { token: amo.token })).body.travelMinutes).toBe(45);
    expect((await call('PUT', '/api/amo/calendar', { token: amo.token, body: { travelMinutes: 120, confirmStrand: true } })).status).toBe(200);
    expect((await call('GET', '/api/amo/calendar', { token: amo.token })).body.travelMinutes).toBe(120);
    const starts = (await optionsOf(b.meetings[0].uuid)).map((option) => Date.parse(option.startDate));
    expect(starts.length).toBeGreaterThan(0);
    expect(Math.min(...starts)).toBeGreaterThanOrEqual(Date.parse(parisIso(date, '14:30')));
  });

  it('conflicts are said where staff decide: creating a planning over the AMO’s time elsewhere, and on the planning page', async () => {
    const { amo, a, b, date } = await sharedAmo();
    const label = `${date.slice(8, 10)}/${date.slice(5, 7)}`;
    const draft = await call('POST', '/api/rdv/amo-conflicts', {
      token: a.token,
      body: { projectId: a.program._id, amoList: [amo.user._id], areAmosAssigned: true, events: workingDays(futureMonday(), 1) },
    });
    expect(draft.status).toBe(200);
    expect(draft.body.conflicts.map((one: { message: string }) => one.message).sort()).toEqual([
      `${amo.user.username} est déjà sur « Le Clos des Vignes » le ${label} de 08:30 à 17:00`,
      `${amo.user.username} est déjà sur « Les Jardins du Parc » le ${label} de 08:30 à 12:30`,
    ]);
    const page = await call('GET', `/api/rdv/${b.planningId}/amo-elsewhere`, { token: b.token });
    expect(page.body.conflicts.map((one: { planningName: string }) => one.planningName)).toEqual(['Les Jardins du Parc']);
    // Not a program member: no answer.
    expect([403, 404]).toContain((await call('GET', `/api/rdv/${b.planningId}/amo-elsewhere`, { token: a.token })).status);
  });
});
