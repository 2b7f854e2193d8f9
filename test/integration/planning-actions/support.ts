import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { listOutboxMessages } from '../../../functions/data/outbox-repository';
import { getMeeting } from '../../../functions/data/plannings-repository';
import { getDeps } from '../../../functions/runtime/deps';
import type { FreePlanningCreateInput } from '../../../shared/domain/planning';
import { eventToDay } from '../../../shared/scheduling/planning-calendar';
import { addDays, parisWallToEpoch } from '../../../shared/scheduling/time-grid';
import { futureMonday, planningBody, programWithLots, runDueJobs, workingDays } from '../../support/planning-fixtures';
import { call } from '../../support/test-api';
import { startTestPool, type TestPool } from '../../support/test-pool';

export interface TestMeeting {
  uuid: string;
  guest: { _id: string; nom: string; mailmonsieur: string; telephonemonsieur: string; lotcomm: string; typologie: string };
  length: number;
  start: string | null;
  end: string | null;
  amoNb: number | null;
  forced: string | null;
  isActive: boolean;
  isAvailable: boolean;
  isBooked: boolean;
  isInvitationSent: boolean;
  notifMail: boolean;
  notifSMS: boolean;
  relancesMail: string[];
  relancesSMS: string[];
  rappelsMail: string[];
  rappelsSMS: string[];
  observations?: string;
}

/**
 * A free planning created through the API, invitations sent (job run). Working days 08:30–17:00
 * with lunch 12:30–14:00, 1 h visits, pas 30 min. `lots` lots in the program, `invited` of them
 * (all by default) in the planning.
 */
export async function freePlanning(options: FreePlanningOptions) {
  return freePlanningOf(await programWithLots(options.lots), options);
}

type FreePlanningOptions = { lots: number; invited?: number; days?: number; nbAmo?: number; overrides?: Partial<FreePlanningCreateInput> };

/** `freePlanning` in a program already imported, inviting the first `invited` (all by default) of `setup.clients`. */
async function freePlanningOf(setup: Awaited<ReturnType<typeof programWithLots>>, options: FreePlanningOptions) {
  const monday = futureMonday();
  const events = workingDays(monday, options.days ?? 2, undefined, options.nbAmo ?? 1);
  const lotIds = setup.clients.slice(0, options.invited ?? options.lots).map((client) => client._id);
  const body = planningBody(setup.program._id, lotIds, {
    events,
    bookingDeadline: new Date(Date.parse(events[0].start) - 2 * 86_400_000).toISOString(),
    ...options.overrides,
  });
  const created = await call('POST', '/api/rdv', { token: setup.promoter.token, body });
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  await runDueJobs();
  const planningId = created.body.planning._id as string;
  const dayDates = events.map((event) => eventToDay(event).date);
  const read = async () => {
    const detail = await call('GET', `/api/rdv/${planningId}`, { token: setup.promoter.token });
    return detail.body as { planning: Record<string, any>; meetings: TestMeeting[] }; // eslint-disable-line @typescript-eslint/no-explicit-any -- test reads JSON
  };
  const { meetings } = await read();
  return { ...setup, planningId, events, dayDates, monday, meetings, read, token: setup.promoter.token };
}

/**
 * One program for a whole test file, of `lotCount` lots imported once (before its tests), whose
 * `freePlanning` is the function above except that the program is shared: each planning gets
 * `lots` lots of its own (its `clients`), so that its buyers, their addresses and their mails
 * are still the test's alone. For the files whose tests read nothing program-wide (a funnel, the
 * program's exports, another planning's calendar).
 */
export function programForFile(lotCount: number) {
  let program: ReturnType<typeof programWithLots> | undefined;
  let used = 0;
  // Imported before the first test, with a time of its own: not inside the first test's minute.
  beforeAll(async () => {
    await (program ??= programWithLots(lotCount));
  }, 180_000);
  /** `programWithLots(count)`, but in the file's program: its `clients` are `count` lots no other test got. */
  async function lots(count: number) {
    const setup = await (program ??= programWithLots(lotCount));
    const clients = setup.clients.slice(used, (used += count));
    if (clients.length < count) throw new Error(`the file's program has ${lotCount} lots: not enough for ${count} more`);
    return { ...setup, clients };
  }
  return { lots, freePlanning: async (options: FreePlanningOptions) => freePlanningOf(await lots(options.lots), options) };
}

/**
 * `raceOnWorkers` (test-pool.ts) for a file with several races: one pool of `size` worker
 * processes, started at the file's first race and kept for the next ones (stopped after the
 * file), instead of one started and stopped per race. Before each race, as there, each worker
 * serves one request of `route` at once, so that the race's handler is loaded in every worker
 * and cold starts do not put the racing requests one after the other. A race run inside
 * `atClock` (test/support/clock.ts) finds the workers on its clock, as a pool started there would.
 */
export function raceWorkersForFile(size: number) {
  let workers: Promise<TestPool> | undefined;
  let clock = '0';
  afterAll(async () => (await workers)?.stop());
  return async function raceOnFileWorkers<T>(route: { method: string; url: string }, race: (call: TestPool['call']) => Promise<T>): Promise<T> {
    const offset = process.env.LIVREA_CLOCK_OFFSET_MS ?? '0';
    // Started here, the workers take the clock from this process's environment; later, they are told.
    const pool = await (workers ??= ((clock = offset), startTestPool({ size })));
    if (offset !== clock) await pool.pool.useEnvironment({ LIVREA_CLOCK_OFFSET_MS: (clock = offset) });
    await Promise.all(Array.from({ length: size }, () => pool.call(route.method, route.url, { answerOnly: true })));
    return race(pool.call);
  };
}

/** Seconds since the epoch of a Paris wall time on a date ('YYYY-MM-DD', 'HH:mm'). */
export function parisSeconds(date: string, hm: string): number {
  const [hours, minutes] = hm.split(':').map(Number);
  return parisWallToEpoch(date, hours * 60 + minutes) / 1000;
}

export function parisIso(date: string, hm: string): string {
  return new Date(parisSeconds(date, hm) * 1000).toISOString();
}

/** The slot-grain items of a planning: sk → meeting uuid. */
export async function slotGrainItems(planningId: string): Promise<Map<string, string>> {
  const deps = getDeps();
  const grains = new Map<string, string>();
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await deps.store.doc.send(
      new QueryCommand({
        TableName: deps.store.table,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :slot)',
        ExpressionAttributeValues: { ':pk': `PLANNING#${planningId}`, ':slot': 'SLOT#' },
        ConsistentRead: true,
        ExclusiveStartKey: cursor,
      }),
    );
    for (const item of page.Items ?? []) grains.set(String(item.sk), String(item.meetingUuid));
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  return grains;
}

/** The grains the booked meetings should hold, one per pas of each visit. */
function expectedGrains(meetings: TestMeeting[], pas: number): Map<string, string> {
  const grains = new Map<string, string>();
  for (const meeting of meetings) {
    if (!meeting.isBooked || !meeting.start || !meeting.end || meeting.amoNb === null) continue;
    for (let at = Date.parse(meeting.start); at < Date.parse(meeting.end); at += pas * 1000) {
      const sk = `SLOT#${meeting.amoNb}#${at}`;
      if (grains.has(sk)) throw new Error(`two meetings on ${sk}`);
      grains.set(sk, meeting.uuid);
    }
  }
  return grains;
}

/** Counters as they must be, recomputed from the meetings. */
function recomputedCounters(meetings: TestMeeting[]) {
  return {
    nbInvited: meetings.filter((meeting) => meeting.isInvitationSent).length,
    nbBooked: meetings.filter((meeting) => meeting.isBooked).length,
    nbNotBooked: meetings.filter((meeting) => meeting.isInvitationSent && !meeting.isBooked).length,
    nbNotAvailable: meetings.filter((meeting) => !meeting.isAvailable).length,
    nbInactive: meetings.filter((meeting) => !meeting.isActive).length,
  };
}

/** Counters, grains and per-AMO overlaps of a planning, as they must hold after any action. */
export async function assertInvariants(
  planningId: string,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- test reads JSON
  read: () => Promise<{ planning: Record<string, any>; meetings: TestMeeting[] }>,
  label = '',
): Promise<void> {
  const { planning, meetings } = await read();
  const counters = recomputedCounters(meetings);
  const actual = Object.fromEntries(Object.keys(counters).map((key) => [key, planning[key]]));
  if (JSON.stringify(actual) !== JSON.stringify(counters))
    throw new Error(`${label}: counters ${JSON.stringify(actual)} != recomputed ${JSON.stringify(counters)}`);
  const booked = meetings.filter((meeting) => meeting.isBooked);
  for (const meeting of booked) {
    if (!meeting.start || !meeting.end || meeting.amoNb === null) throw new Error(`${label}: booked meeting without a slot`);
    const overlapping = booked.filter(
      (other) =>
        other !== meeting &&
        other.amoNb === meeting.amoNb &&
        Date.parse(other.start!) < Date.parse(meeting.end!) &&
        Date.parse(meeting.start!) < Date.parse(other.end!),
    );
    if (overlapping.length > 0) throw new Error(`${label}: overlapping visits of AMO ${meeting.amoNb}`);
  }
  for (const meeting of meetings) {
    if (!meeting.isBooked && (meeting.start || meeting.end || meeting.forced)) throw new Error(`${label}: an unbooked meeting keeps a slot`);
  }
  const stored = await slotGrainItems(planningId);
  const expected = expectedGrains(meetings, planning.pas);
  const same = stored.size === expected.size && [...expected].every(([sk, uuid]) => stored.get(sk) === uuid);
  if (!same) throw new Error(`${label}: slot grains ${JSON.stringify([...stored])} != booked meetings ${JSON.stringify([...expected])}`);
}

export async function outboxTo(address: string) {
  return (await listOutboxMessages(getDeps().store, 2000)).filter((message) => message.to.some((to) => to.includes(address)));
}

export async function storedMeeting(planningId: string, uuid: string) {
  return getMeeting(getDeps().store, planningId, uuid);
}

/** The buyer books the first option the engine offers (or the one at `index`). */
export async function buyerBooks(planningId: string, uuid: string, index = 0) {
  const view = await call('GET', `/api/rdv/usr/${uuid}`);
  const option = view.body.options?.[Math.min(index, (view.body.options?.length ?? 1) - 1)];
  if (!option) return { status: 409, body: view.body, option: null };
  const response = await call('PATCH', `/api/rdv/book/${planningId}`, {
    body: { usr: uuid, slot: { startDate: option.startDate, amoNb: option.amoNb }, extra: { isInterestedVr: false, visitors: [] } },
  });
  return { ...response, option };
}

/**
 * Where a bulk action's wave stands (GET /rdv/{id}/waves/{waveId}). `call` has waited for the
 * jobs the request handed to the dispatcher, so a wave of a test's size is finished here.
 */
export async function waveOf(planningId: string, token: string, started: { status: number; body: { waveId: string } }) {
  expect(started.status).toBe(202);
  const progress = await call('GET', `/api/rdv/${planningId}/waves/${started.body.waveId}`, { token });
  expect(progress.status).toBe(200);
  return progress.body as {
    kind: string;
    total: number;
    sent: number;
    failed: number;
    skipped: number;
    done: boolean;
    refused?: string;
    failures: { target: string; label: string; reason: string }[];
  };
}

/**
 * The refusal of a bulk action's selection (part 2 §5): the request answers 202, and the wave's
 * first run refuses the whole selection before anything is sent. Answers the wave's message.
 */
export async function refusalOf(planningId: string, token: string, started: { status: number; body: { waveId: string } }): Promise<string | undefined> {
  const wave = await waveOf(planningId, token, started);
  expect(wave).toEqual(expect.objectContaining({ done: true, sent: 0, failed: 0, skipped: 0 }));
  return wave.refused;
}

export { addDays };
