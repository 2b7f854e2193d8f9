import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { getDeps } from '../../../functions/runtime/deps';
import { loadAmoCalendars } from '../../../functions/data/amo-calendar-repository';
import { call, createUserAndLogin, signInWithoutLoginRoute } from '../../support/test-api';
import { parisIso, parisSeconds } from '../planning-actions/support';
import { amoOnTwoMornings, amoOnTwoPlannings } from './amo-two-plannings';

// Not a sign-in test: its accounts sign in through the product's session code (test/support/test-api.ts).
signInWithoutLoginRoute();

/**
 * A visit recorded outside the claims in its AMO's calendar (docs/scheduling.md « One person, one
 * calendar ») lasts as long as the visit: cancelled or moved, its record goes in the same
 * transaction and the calendar's version moves, so the other plannings offer that time again.
 * Planning A (named first) on a morning 08:30–12:30, B (another program, 45 minutes of travel)
 * the whole day; 1 h visits.
 */
/** The AMO's calendar as every planning reads it: its recorded visits and version. */
async function calendarOf(userId: string) {
  const calendar = (await loadAmoCalendars(getDeps().store, [userId])).get(userId)!;
  return { visits: calendar.visitsOutside.map((visit) => visit.uuid), version: calendar.version ?? 0 };
}

/** The latest end of the visits A offers its buyer. */
async function latestOfferEnd(uuid: string): Promise<number> {
  const options = (await call('GET', `/api/rdv/usr/${uuid}`)).body.options as { endDate: string }[];
  expect(options.length).toBeGreaterThan(0);
  return Math.max(...options.map((option) => Date.parse(option.endDate)));
}

/** B's buyer placed by staff at 11:30, over A's morning (confirmed): recorded, A offers nothing ending after 10:45. */
async function recordedOnB() {
  const setup = await amoOnTwoPlannings();
  const { amo, a, b, date } = setup;
  const body = { selected: b.meetings[0].uuid, rdvDate: parisSeconds(date, '11:30'), selectedAmo: amo.user._id, confirmElsewhere: true };
  expect((await call('PATCH', `/api/rdv/book-force/${b.planningId}`, { token: b.token, body })).status).toBe(200);
  const recorded = await calendarOf(amo.user._id);
  expect(recorded.visits).toEqual([b.meetings[0].uuid]);
  expect(await latestOfferEnd(a.meetings[0].uuid)).toBeLessThanOrEqual(Date.parse(parisIso(date, '10:45')));
  return { ...setup, recorded };
}

/** The record gone, the version moved, and A's whole morning offered again. */
async function expectFreed({ amo, a, date, recorded }: Pick<Awaited<ReturnType<typeof recordedOnB>>, 'amo' | 'a' | 'date' | 'recorded'>) {
  const after = await calendarOf(amo.user._id);
  expect(after.visits).toEqual([]);
  expect(after.version).toBeGreaterThan(recorded.version);
  expect(await latestOfferEnd(a.meetings[0].uuid)).toBe(Date.parse(parisIso(date, '12:30')));
}

it('a recorded visit cancelled by staff frees its time: the record goes with it and the calendar’s version moves', async () => {
  const { amo, a, b, date, recorded } = await recordedOnB();
  const cancelled = await call('PATCH', `/api/rdv/${b.planningId}/unbook-staff`, {
    token: b.token,
    body: { uuid: b.meetings[0].uuid, isMailConfirmationDel: false },
  });
  expect(cancelled.status).toBe(200);
  await expectFreed({ amo, a, date, recorded });
});

it('a recorded visit moved by staff into its planning’s own time frees the time it left', async () => {
  const { amo, a, b, date, recorded } = await recordedOnB();
  const body = { selected: b.meetings[0].uuid, rdvDate: parisSeconds(date, '15:00'), confirmMoveOption: 'moveOnly' };
  const moved = await call('PATCH', `/api/rdv/${b.planningId}/move`, { token: b.token, body });
  expect(moved.status).toBe(200);
  await expectFreed({ amo, a, date, recorded });
});

it('a recorded visit moved by staff over the other planning’s time again is recorded at its new time only', async () => {
  const { amo, a, b, date } = await recordedOnB();
  const body = {
    selected: b.meetings[0].uuid,
    rdvDate: parisSeconds(date, '08:30'),
    confirmMoveOption: 'moveOnly',
    confirmElsewhere: true,
  };
  expect((await call('PATCH', `/api/rdv/${b.planningId}/move`, { token: b.token, body })).status).toBe(200);
  const calendar = (await loadAmoCalendars(getDeps().store, [amo.user._id])).get(amo.user._id)!;
  expect(calendar.visitsOutside.map((visit) => [visit.uuid, visit.start])).toEqual([[b.meetings[0].uuid, Date.parse(parisIso(date, '08:30'))]]);
  // 08:30–09:30 on B: A offers from 10:15 (travel) to 12:30 again.
  expect(await latestOfferEnd(a.meetings[0].uuid)).toBe(Date.parse(parisIso(date, '12:30')));
});

it('a visit recorded under a shifted planning’s new days, cancelled by its buyer, frees its time there', async () => {
  const { amo, a, b, from, to } = await amoOnTwoMornings();
  const slot = { startDate: parisIso(to, '08:30'), amoNb: 0 };
  expect(
    (await call('PATCH', `/api/rdv/book/${b.planningId}`, { body: { usr: b.meetings[0].uuid, slot, extra: { isInterestedVr: false, visitors: [] } } })).status,
  ).toBe(200);
  const days = [{ from, to }];
  expect((await call('POST', `/api/rdv/${a.planningId}/decaler`, { token: a.token, body: { mode: 'days', days, confirmElsewhere: true } })).status).toBe(202);
  const recorded = await calendarOf(amo.user._id);
  expect(recorded.visits).toEqual([b.meetings[0].uuid]);
  expect((await call('PATCH', `/api/rdv/unbook/${b.meetings[0].uuid}`)).status).toBe(200);
  const after = await calendarOf(amo.user._id);
  expect(after.visits).toEqual([]);
  expect(after.version).toBeGreaterThan(recorded.version);
  // A, shifted onto that morning, offers it from 08:30 again.
  const options = (await call('GET', `/api/rdv/usr/${a.meetings[0].uuid}`)).body.options as { startDate: string }[];
  expect(options.map((option) => option.startDate)).toContain(parisIso(to, '08:30'));
});

it('a planning deleted with a recorded visit takes the record with it', async () => {
  const { amo, b, recorded } = await recordedOnB();
  const admin = await createUserAndLogin('administrator');
  expect((await call('DELETE', `/api/rdv/${b.planningId}?force=true`, { token: admin.token })).status).toBe(202);
  const partition = await getDeps().store.doc.send(
    new QueryCommand({
      TableName: getDeps().store.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :visits)',
      ExpressionAttributeValues: { ':pk': `AMOCAL#${amo.user._id}`, ':visits': 'VISIT#' },
      ConsistentRead: true,
    }),
  );
  expect(partition.Items ?? []).toEqual([]);
  expect((await calendarOf(amo.user._id)).version).toBeGreaterThan(recorded.version);
});
