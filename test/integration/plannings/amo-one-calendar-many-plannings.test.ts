import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../../../functions/data/keys';
import { getDeps } from '../../../functions/runtime/deps';
import { futureMonday, workingDays } from '../../support/planning-fixtures';
import { call, createUserAndLogin, signInWithoutLoginRoute } from '../../support/test-api';
import { freePlanning, parisIso } from '../planning-actions/support';

// Not a sign-in test: its accounts sign in through the product's session code (test/support/test-api.ts).
signInWithoutLoginRoute();

/**
 * A day off is judged on every planning of the AMO whose windows it touches, and saved in one
 * transaction checking each of them unchanged (docs/scheduling.md « One person, one calendar »):
 * DynamoDB's 100 items hold 98 plannings. Beyond, the AMO is asked in French to split the period;
 * the plannings it does not touch, and for a travel time those near no other program, are not
 * judged. The plannings are copies of one created through the API (written straight to the table:
 * ninety-nine creations would take minutes), each named on the AMO's calendar.
 */
async function copies(planningId: string, amoId: string, count: number): Promise<string[]> {
  const { store: db } = getDeps();
  const item = (await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.planning(planningId) }))).Item!;
  const ids = Array.from({ length: count }, (_, index) => `${planningId}c${index}`);
  for (const id of ids) {
    await db.doc.send(new PutCommand({ TableName: db.table, Item: { ...item, ...keys.planning(id), _id: id } }));
    await db.doc.send(new PutCommand({ TableName: db.table, Item: { ...keys.amoNaming(amoId, id), userId: amoId, planningId: id, since: item.createdAt } }));
  }
  return ids;
}

it('a day off over more plannings than one save checks is refused in French, nothing saved; the plannings it does not touch are not counted', async () => {
  const amo = await createUserAndLogin('amo');
  const [first, second] = workingDays(futureMonday(), 2, { start: 8 * 60 + 30, end: 12 * 60 + 30 });
  const named = { areAmosAssigned: true, amoList: [amo.user._id] };
  const morning = await freePlanning({ lots: 1, days: 1, overrides: { events: [first], ...named } });
  // Another day: never judged by a day off on the first.
  await freePlanning({ lots: 1, days: 1, overrides: { events: [second], ...named } });
  await copies(morning.planningId, amo.user._id, 98);
  const date = morning.dayDates[0];
  const off = { start: parisIso(date, '08:30'), end: parisIso(date, '09:00') };
  const refused = await call('POST', '/api/amo/days-off', { token: amo.token, body: off });
  expect(refused.status).toBe(409);
  expect(refused.body.message).toBe(
    'Cette indisponibilité touche 99 plannings : au plus 98 peuvent être vérifiés en une fois. Découpez-la en plusieurs périodes plus courtes.',
  );
  expect((await call('GET', '/api/amo/calendar', { token: amo.token })).body.daysOff).toEqual([]);
  // A longer travel time: these 99 plannings share one program, near no other program's time: none is judged, it is saved.
  const travel = await call('PUT', '/api/amo/calendar', { token: amo.token, body: { travelMinutes: 60 } });
  expect(travel.status).toBe(200);
  expect((await call('GET', '/api/amo/calendar', { token: amo.token })).body.travelMinutes).toBe(60);
}, 240_000);

it('a day off over as many plannings as one save checks is judged on each and saved', async () => {
  const amo = await createUserAndLogin('amo');
  const [first] = workingDays(futureMonday(), 1, { start: 8 * 60 + 30, end: 12 * 60 + 30 });
  const morning = await freePlanning({ lots: 1, days: 1, overrides: { events: [first], areAmosAssigned: true, amoList: [amo.user._id] } });
  await copies(morning.planningId, amo.user._id, 97);
  const date = morning.dayDates[0];
  const saved = await call('POST', '/api/amo/days-off', { token: amo.token, body: { start: parisIso(date, '08:30'), end: parisIso(date, '09:00') } });
  expect(saved.status).toBe(201);
  expect((await call('GET', '/api/amo/calendar', { token: amo.token })).body.daysOff).toHaveLength(1);
  // Ninety-eight plannings judged in one request: over 60 s beside other test runs at load 13.
}, 240_000);
