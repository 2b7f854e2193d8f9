import { isFrenchHoliday } from '../../shared/scheduling/french-holidays';
import { parisWallToEpoch, addDays } from '../../shared/scheduling/time-grid';
import type { FreePlanningCreateInput } from '../../shared/domain/planning';
import { clientRows, clientFileBody } from './client-file';
import { importOperation } from './client-import';
import { call, createUserAndLogin } from './test-api';

export { runDueJobs } from './due-jobs';

/** The next Monday at least `weeksAhead` weeks from now, as a Paris date 'YYYY-MM-DD'. */
export function futureMonday(weeksAhead = 3): string {
  const date = new Date(Date.now() + weeksAhead * 7 * 86_400_000);
  const day = date.getUTCDay();
  date.setUTCDate(date.getUTCDate() + ((8 - day) % 7 || 7));
  return date.toISOString().slice(0, 10);
}

export function workingDays(firstMonday: string, count: number, window = { start: 8 * 60 + 30, end: 17 * 60 }, nbAmo = 1) {
  const days: { start: string; end: string; nbAmo: number }[] = [];
  for (let offset = 0; days.length < count; offset += 1) {
    const date = addDays(firstMonday, offset);
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    // Bank holidays are refused by planning creation (part 2 §5), like week-ends here.
    if (weekday === 0 || weekday === 6 || isFrenchHoliday(date)) continue;
    days.push({ start: new Date(parisWallToEpoch(date, window.start)).toISOString(), end: new Date(parisWallToEpoch(date, window.end)).toISOString(), nbAmo });
  }
  return days;
}

/** A promoter, a program with `lots` lots imported, and the lots as the API lists them. */
export async function programWithLots(lots: number) {
  const admin = await createUserAndLogin('administrator');
  const promoter = await createUserAndLogin('promoter');
  const program = (
    await call('POST', '/api/program/create', {
      token: promoter.token,
      body: { name: 'Résidence du Lac', promotername: 'Lac Promotion', colors: ['rgb(67, 99, 134)'] },
    })
  ).body;
  await call('PATCH', `/api/programs/${program._id}`, {
    token: promoter.token,
    body: { adressenumero: '5', adresserue: 'quai du Lac', adressecodepostal: '74000', adresseville: 'Annecy' },
  });
  const imported = await call('POST', `/api/programs/${program._id}/lockup-clients`, {
    token: admin.token,
    ...(await clientFileBody(clientRows(lots, `P${Math.random().toString(36).slice(2, 6)}`))),
  });
  if ((await importOperation(imported, admin.token)).status !== 'done') throw new Error(JSON.stringify(imported.body));
  const clients = (await everyLot(program._id as string, promoter.token)) as { _id: string; typologie: string }[];
  return { admin, promoter, program, clients };
}

/** Every lot of a program, page after page of GET /programs/{id}/clients (500 at most a page), in lot-number order. */
async function everyLot(programId: string, token: string): Promise<Record<string, unknown>[]> {
  const lots: Record<string, unknown>[] = [];
  let cursor: string | undefined;
  do {
    const page = await call('GET', `/api/programs/${programId}/clients?limit=500${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { token });
    if (page.status !== 200) throw new Error(JSON.stringify(page.body));
    lots.push(...(page.body.clients as Record<string, unknown>[]));
    cursor = page.body.nextCursor ?? undefined;
  } while (cursor);
  return lots;
}

export function planningBody(projectId: string, lotIds: string[], overrides: Partial<FreePlanningCreateInput> = {}): FreePlanningCreateInput {
  const monday = futureMonday();
  const events = workingDays(monday, 2);
  return {
    projectId,
    name: 'Visites cloisons bâtiment A',
    phase: 'partitions',
    mTimes: { '1p': 3_600_000, '2p': 3_600_000, '3p': 3_600_000, '4p': 3_600_000, '5p': 3_600_000 },
    broadcastList: lotIds.map((lotId) => ({ lotId, length: 3_600_000 })),
    events,
    lunchStartTime: '12:30',
    lunchEndTime: '14:00',
    bookingDeadline: new Date(Date.parse(events[0].start) - 2 * 86_400_000).toISOString(),
    address: { numero: '5', rue: 'quai du Lac', codepostal: '74000', ville: 'Annecy' },
    contact: { contactNom: 'Martin', contactPrenom: 'Anne', contactMail: 'anne.martin@lac.fr', contactTelephone: '0611223344' },
    ...overrides,
  };
}

/**
 * A program of `buyers` lots and a free planning of them whose invitations are not due yet (launch
 * in 30 days, visits from 8 weeks): every buyer waits for staff to invite them (bulk invitation
 * bench and crash test).
 */
export async function planningAwaitingInvitation(buyers: number) {
  const setup = await programWithLots(buyers);
  const events = workingDays(futureMonday(8), Math.ceil(buyers / 70), undefined, 10);
  const body = planningBody(
    setup.program._id,
    setup.clients.map((client) => client._id),
    {
      events,
      authorizeTrous: true,
      launchDate: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      bookingDeadline: new Date(Date.parse(events[0].start) - 2 * 86_400_000).toISOString(),
    },
  );
  // 201 for a small planning, 202 for a bigger one (created by its operation's jobs, done when `call` returns).
  const created = await call('POST', '/api/rdv', { token: setup.promoter.token, body });
  if (created.status !== 201 && created.status !== 202) throw new Error(`planning not created: ${JSON.stringify(created.body)}`);
  return { setup, planningId: created.body.planning._id as string };
}
