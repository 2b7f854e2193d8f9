import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { indexAmoNamingsOnce } from '../../../functions/data/amo-naming-migration';
import { keys } from '../../../functions/data/keys';
import { getDeps } from '../../../functions/runtime/deps';
import { futureMonday, workingDays } from '../../support/planning-fixtures';
import { call, createUserAndLogin, signInWithoutLoginRoute } from '../../support/test-api';
import { freePlanning, parisIso } from '../planning-actions/support';

// Not a sign-in test: its accounts sign in through the product's session code (test/support/test-api.ts).
signInWithoutLoginRoute();

async function earliestOffer(uuid: string): Promise<number> {
  const view = await call('GET', `/api/rdv/usr/${uuid}`);
  expect(view.status).toBe(200);
  return Math.min(...view.body.options.map((option: { startDate: string }) => Date.parse(option.startDate)));
}

it('a planning stored before the AMO calendar’s index claims its AMO’s time once migrated, and a second run writes nothing (docs/scheduling.md « One person, one calendar »)', async () => {
  const amo = await createUserAndLogin('amo');
  const monday = futureMonday();
  const named = { areAmosAssigned: true, amoList: [amo.user._id] };
  // The older planning names amo1 on the morning; the later one the whole day, on another program.
  const older = await freePlanning({ lots: 1, days: 1, overrides: { events: workingDays(monday, 1, { start: 8 * 60 + 30, end: 12 * 60 + 30 }), ...named } });
  const later = await freePlanning({ lots: 1, days: 1, overrides: { events: workingDays(monday, 1), ...named } });
  const date = later.dayDates[0];
  const db = getDeps().store;
  // Stored the old way: no entry in the AMO's calendar.
  await db.doc.send(new DeleteCommand({ TableName: db.table, Key: keys.amoNaming(amo.user._id, older.planningId) }));
  expect(await earliestOffer(later.meetings[0].uuid)).toBe(Date.parse(parisIso(date, '08:30')));

  expect(await indexAmoNamingsOnce(db)).toBeGreaterThanOrEqual(1);
  // The morning (and 45 minutes of travel, then lunch) is the older planning's again.
  expect(await earliestOffer(later.meetings[0].uuid)).toBeGreaterThanOrEqual(Date.parse(parisIso(date, '14:00')));
  expect(await earliestOffer(older.meetings[0].uuid)).toBe(Date.parse(parisIso(date, '08:30')));

  // Once per table: the marker answers.
  expect(await indexAmoNamingsOnce(db)).toBe(0);
  // Run again without the marker (a run cut short before writing it): every entry is there already.
  await db.doc.send(new DeleteCommand({ TableName: db.table, Key: { pk: 'MIGRATION#amo-calendar-namings', sk: 'DONE' } }));
  expect(await indexAmoNamingsOnce(db)).toBe(0);
});
