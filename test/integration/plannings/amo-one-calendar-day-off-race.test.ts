import { bookForce } from '../../../functions/core/planning-actions/appointments';
import { heldAtCommit, promoterCaller } from '../../support/held-commit';
import { futureMonday, workingDays } from '../../support/planning-fixtures';
import { call, createUserAndLogin, signInWithoutLoginRoute } from '../../support/test-api';
import { raceOnWorkers } from '../../support/test-pool';
import { freePlanning, parisIso, parisSeconds, type TestMeeting } from '../planning-actions/support';

// Not a sign-in test: its accounts sign in through the product's session code (test/support/test-api.ts).
signInWithoutLoginRoute();

/**
 * A day off and a booking of the same AMO are exclusive (docs/scheduling.md « One person, one
 * calendar »): raced through the worker pool, each pair ends as one of them after the other, never
 * both decided on a state the other changed. Each AMO is named on a morning, 08:30–12:30, with two
 * 1 h buyers; the first buyer books 08:30 while the AMO declares 08:30–10:30 off.
 */
const pairs = 4;

async function namedMorning() {
  const amo = await createUserAndLogin('amo');
  const setup = await freePlanning({
    lots: 2,
    days: 1,
    overrides: { events: workingDays(futureMonday(), 1, { start: 8 * 60 + 30, end: 12 * 60 + 30 }), areAmosAssigned: true, amoList: [amo.user._id] },
  });
  return { amo, setup, date: setup.dayDates[0] };
}

it('a day off raced with a booking of the same AMO: never a visit inside the day off, never a stranded buyer', async () => {
  const mornings: Awaited<ReturnType<typeof namedMorning>>[] = [];
  for (let index = 0; index < pairs; index += 1) mornings.push(await namedMorning());
  const outcomes = await raceOnWorkers(pairs * 2, { method: 'GET', url: `/api/rdv/usr/${mornings[0].setup.meetings[0].uuid}` }, async (race) => {
    // Every worker loads both routes' code first (an empty day off: 400), so the race is between the requests, not their loading.
    await Promise.all(Array.from({ length: pairs * 2 }, () => race('POST', '/api/amo/days-off', { token: mornings[0].amo.token, body: {} })));
    return Promise.all(
      mornings.map(({ amo, setup, date }) =>
        Promise.all([
          race('PATCH', `/api/rdv/book/${setup.planningId}`, {
            body: { usr: setup.meetings[0].uuid, slot: { startDate: parisIso(date, '08:30'), amoNb: 0 }, extra: { isInterestedVr: false, visitors: [] } },
          }),
          race('POST', '/api/amo/days-off', { token: amo.token, body: { start: parisIso(date, '08:30'), end: parisIso(date, '10:30') } }),
        ]),
      ),
    );
  });
  for (const [index, [booked, dayOff]] of outcomes.entries()) {
    const { amo, setup } = mornings[index];
    // One of the two went first; the other was decided after it and refused.
    expect([booked.status, dayOff.status]).toEqual(booked.status === 200 ? [200, 409] : [409, 201]);
    const daysOff = (await call('GET', '/api/amo/calendar', { token: amo.token })).body.daysOff as { start: string; end: string }[];
    const { meetings } = await setup.read();
    const visits = (meetings as TestMeeting[]).filter((meeting) => meeting.start && meeting.end);
    const inside = visits.filter((visit) =>
      daysOff.some((off) => Date.parse(visit.start!) < Date.parse(off.end) && Date.parse(visit.end!) > Date.parse(off.start)),
    );
    expect(inside).toEqual([]);
    // Every buyer still to book has a place.
    for (const meeting of (meetings as TestMeeting[]).filter((one) => !one.isBooked)) {
      expect((await call('GET', `/api/rdv/usr/${meeting.uuid}`)).body.options.length).toBeGreaterThan(0);
    }
  }
}, 240_000);

/** The visits of the planning that lie inside one of the AMO's days off (none expected). */
async function visitsInsideDaysOff(amo: Awaited<ReturnType<typeof namedMorning>>['amo'], setup: Awaited<ReturnType<typeof namedMorning>>['setup']) {
  const daysOff = (await call('GET', '/api/amo/calendar', { token: amo.token })).body.daysOff as { start: string; end: string }[];
  const visits = ((await setup.read()).meetings as TestMeeting[]).filter((meeting) => meeting.start && meeting.end);
  return visits.filter((visit) => daysOff.some((off) => Date.parse(visit.start!) < Date.parse(off.end) && Date.parse(visit.end!) > Date.parse(off.start)));
}

it('a day off raced with a forced booking of the same AMO: the placement carries the calendar check, never a visit inside the day off', async () => {
  const mornings: Awaited<ReturnType<typeof namedMorning>>[] = [];
  for (let index = 0; index < pairs; index += 1) mornings.push(await namedMorning());
  const outcomes = await raceOnWorkers(pairs * 2, { method: 'GET', url: `/api/rdv/usr/${mornings[0].setup.meetings[0].uuid}` }, async (race) => {
    // Every worker loads both routes' code first (empty bodies: 400), so the race is between the requests, not their loading.
    await Promise.all(
      Array.from({ length: pairs }, () => [
        race('POST', '/api/amo/days-off', { token: mornings[0].amo.token, body: {} }),
        race('PATCH', `/api/rdv/book-force/${mornings[0].setup.planningId}`, { token: mornings[0].setup.token, body: {} }),
      ]).flat(),
    );
    return Promise.all(
      mornings.map(({ amo, setup, date }) =>
        Promise.all([
          race('PATCH', `/api/rdv/book-force/${setup.planningId}`, {
            token: setup.token,
            body: { selected: setup.meetings[0].uuid, rdvDate: parisSeconds(date, '08:30'), selectedAmo: amo.user._id },
          }),
          race('POST', '/api/amo/days-off', { token: amo.token, body: { start: parisIso(date, '08:30'), end: parisIso(date, '10:30') } }),
        ]),
      ),
    );
  });
  for (const [index, [placed, dayOff]] of outcomes.entries()) {
    const { amo, setup } = mornings[index];
    // One of the two went first; the other was decided again after it and refused (the visit named, or « placer quand même ? »).
    expect([placed.status, dayOff.status]).toEqual(placed.status === 200 ? [200, 409] : [409, 201]);
    if (placed.status === 409) expect(placed.body.details).toEqual(expect.objectContaining({ code: 'AMO_ELSEWHERE' }));
    expect(await visitsInsideDaysOff(amo, setup)).toEqual([]);
  }
}, 240_000);

it('a day off saved between a forced booking’s decision and its commit makes it decide again: « placer quand même ? », no visit inside the day off', async () => {
  const { amo, setup, date } = await namedMorning();
  const deps = heldAtCommit(async () => {
    const off = await call('POST', '/api/amo/days-off', { token: amo.token, body: { start: parisIso(date, '08:30'), end: parisIso(date, '10:30') } });
    expect(off.status).toBe(201);
  });
  const staff = promoterCaller(setup.promoter.user);
  const request = { selected: setup.meetings[0].uuid, rdvDate: parisSeconds(date, '08:30'), selectedAmo: amo.user._id };
  await expect(
    bookForce(deps, staff, setup.planningId, { ...request, isMailConfirmation: false, confirmStrand: false, confirmElsewhere: false }),
  ).rejects.toMatchObject({ details: expect.objectContaining({ code: 'AMO_ELSEWHERE' }) });
  expect(await visitsInsideDaysOff(amo, setup)).toEqual([]);
});

it('a day off over a visit the AMO already has is refused, naming it, even confirmed (as a booked slot in the availability drawer)', async () => {
  const { amo, setup, date } = await namedMorning();
  const booked = await call('PATCH', `/api/rdv/book/${setup.planningId}`, {
    body: { usr: setup.meetings[0].uuid, slot: { startDate: parisIso(date, '09:30'), amoNb: 0 }, extra: { isInterestedVr: false, visitors: [] } },
  });
  expect(booked.status).toBe(200);
  const off = { start: parisIso(date, '08:30'), end: parisIso(date, '10:00'), confirmStrand: true };
  const refused = await call('POST', '/api/amo/days-off', { token: amo.token, body: off });
  expect(refused.status).toBe(409);
  expect(refused.body.message).toBe(
    `${amo.user.username} a une visite sur « ${(await setup.read()).planning.name} » le ${date.slice(8, 10)}/${date.slice(5, 7)} à 09:30 : déplacez-la avant de déclarer cette indisponibilité.`,
  );
  expect((await call('GET', '/api/amo/calendar', { token: amo.token })).body.daysOff).toEqual([]);
});
