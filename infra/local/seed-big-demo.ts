import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Lot } from '../../shared/domain/lot';
import { freePlanningCreateSchema } from '../../shared/domain/planning';
import { imposedPlanningCreateSchema } from '../../shared/domain/imposed-planning';
import { defaultProgramColors } from '../../shared/domain/program';
import { counterChange } from '../../shared/rules/planning-counters';
import { isFrenchHoliday } from '../../shared/scheduling/french-holidays';
import { addDays, epochToParisWall, parisWallToEpoch } from '../../shared/scheduling/time-grid';
import type { TransactionItem } from '../../functions/data/db';
import type { MeetingRecord } from '../../functions/data/plannings-repository';
import type { Deps } from '../../functions/runtime/deps';
import type { CreationAnswer } from '../../functions/core/plannings/planning-creation';
import { seedPoint } from './demo/seed-failpoint';
import { runningDynamoDbEndpoint } from './running-dynamodb';

/**
 * `npm run demo:big`: a program the size of the real ones (part 2 §5: up to 10,000 lots) beside the
 * 40-lot demo, to try and measure the screens and exports on it: « Les Terrasses du Lac », 10,000
 * lots owned by the demo promoter with the demo AMOs authorized, a free planning of 600 buyers of
 * whom 400 booked, and an imposed planning of 600 lots. Never through HTTP (10,000 requests): the
 * lots by the import's batch writes, the plannings by their creation use cases (their operations'
 * jobs run here), the invitations by the invitation's claim, the bookings by the booking's own
 * items (booking-writes.ts: slot grains, meeting, confirmation and reminder jobs, counters), a
 * transaction per group of buyers, several at once.
 *
 * Resumable (docs/architecture.md « Work that grows with a program »): every id is derived from the
 * program's (drawn once, kept in the marker) and each step writes only what is missing, so a run
 * killed anywhere and started again ends with the whole demo, nothing written twice: lots are
 * the same items put again, a creation is found again by its idempotency key, an invitation claim
 * and a booking are conditioned on the meeting not having them yet.
 */

/** The item that says the big demo is there: 'started' while it is written (with the program's id), then whole with its ids. */
export const bigDemoMarker = { pk: 'SEED#BIGDEMO', sk: 'SEED' };

export const bigDemoNames = {
  program: 'Les Terrasses du Lac',
  free: 'Visites cloisons – 600 acquéreurs',
  imposed: 'Livraison – 600 lots (convocation)',
};

export interface BigDemo {
  programId: string;
  freePlanningId: string;
  imposedPlanningId: string;
  lots: number;
  freeParticipants: number;
  booked: number;
  imposedLots: number;
}

export interface BigDemoSize {
  lots: number;
  freeParticipants: number;
  booked: number;
  imposedLots: number;
}

export const bigDemoSize: BigDemoSize = { lots: 10_000, freeParticipants: 600, booked: 400, imposedLots: 600 };

type Log = (line: string) => void;

const hour = 3_600_000;
/** Every visit lasts an hour: the slots below then tile each day, and any start of them is offered. */
const oneHourEach = { '1p': hour, '2p': hour, '3p': hour, '4p': hour, '5p': hour };
/** One-hour starts of a day 08:30–17:00 with lunch 12:30–14:00 (minutes of the day, Paris). */
const dayStarts = [8 * 60 + 30, 9 * 60 + 30, 10 * 60 + 30, 11 * 60 + 30, 14 * 60, 15 * 60, 16 * 60];
const typologies = ['1p', '2p', '3p', '3p', '4p', '2p', '3p', '5p'] as const;
const lastNames = ['Martin', 'Bernard', 'Thomas', 'Petit', 'Robert', 'Richard', 'Durand', 'Dubois', 'Moreau', 'Laurent', 'Simon', 'Michel', 'Lefebvre'];
const contact = {
  contactTitre: 'Madame',
  contactNom: 'Bernard',
  contactPrenom: 'Claire',
  contactMail: 'claire.bernard@demo.livrea.fr',
  contactTelephone: '0611223344',
};
const address = { numero: '2', rue: 'promenade du Lac', codepostal: '74000', ville: 'Annecy', pays: 'France' };

/** Lots written per progress line. */
const lotsPerLine = 2_000;
/**
 * Transactions in flight: DynamoDB Local runs its writes one at a time, so a few at once only keep
 * it busy while the others travel (those of one planning share its counters' item: a conflict is
 * sent again).
 */
const transactionsInFlight = 4;

/** French thousands: « 10 000 ». */
const fr = (value: number) => value.toLocaleString('fr-FR');

/** `count` working days (no week-end, no bank holiday) from `weeks` weeks ahead, as Paris dates. */
export function workingDates(now: Date, weeks: number, count: number): string[] {
  const dates: string[] = [];
  for (let date = epochToParisWall(now.getTime() + weeks * 7 * 86_400_000).date; dates.length < count; date = addDays(date, 1)) {
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6 && !isFrenchHoliday(date)) dates.push(date);
  }
  return dates;
}

/**
 * The lots of the big program: ten buildings A–J of 1,000 lots, 10 floors of 100; fictitious
 * buyers. `idOf(index)` names each lot (derived from the program's id by the demo, so that a run
 * started again writes the same items).
 */
export function bigProgramLots(programId: string, count: number, now: string, idOf: (index: number) => string): Lot[] {
  return Array.from({ length: count }, (_, index) => {
    const batiment = String.fromCharCode(65 + (Math.floor(index / 1000) % 26));
    const etage = String(Math.floor((index % 1000) / 100));
    const titre = index % 3 === 0 ? 'Madame' : 'Monsieur';
    return {
      _id: idOf(index),
      program: programId,
      lotcomm: `${batiment}${etage}${String(index % 100).padStart(2, '0')}-${String(index + 1).padStart(5, '0')}`,
      lotcopro: String(10_000 + index),
      titre,
      gender: titre,
      nom: `${lastNames[index % lastNames.length]} ${index + 1}`,
      adresse: `${(index % 200) + 1} promenade du Lac`,
      codepostal: '74000',
      ville: 'Annecy',
      telephonemonsieur: `06${String(30_000_000 + index).padStart(8, '0')}`,
      mailmonsieur: `terrasses.lot${index + 1}@demo.livrea.fr`,
      typologie: typologies[index % typologies.length],
      batiment,
      etage,
      createdAt: now,
      updatedAt: now,
    };
  });
}

/** The program item and its access items, unless a run stopped later than that wrote them already. */
async function ensureProgram(deps: Deps, options: { programId: string; ownerId: string; authorized: string[]; name?: string; now: string }): Promise<void> {
  const { createProgram, getProgram } = await import('../../functions/data/programs-repository');
  if (await getProgram(deps.store, options.programId)) return;
  await createProgram(deps.store, {
    _id: options.programId,
    name: options.name ?? bigDemoNames.program,
    promotername: 'Horizon Promotion',
    promoterUrl: 'https://www.horizon-promotion.fr',
    adressenumero: address.numero,
    adresserue: address.rue,
    adressecodepostal: address.codepostal,
    adresseville: address.ville,
    adressepays: address.pays,
    mailrespclient: 'relation.client@horizon-promotion.fr',
    colors: defaultProgramColors,
    isArchived: false,
    authorized: options.authorized,
    isClientFileSent: false,
    owner: options.ownerId,
    createdAt: options.now,
    updatedAt: options.now,
  });
}

/**
 * Writes `lots`: the items an import writes (lotsItems), the same items again when a run resumes,
 * in transactions of 100 rather than the import's BatchWrites of 25: DynamoDB Local commits each
 * item of a BatchWrite on its own (on its data file, a disk sync each), a transaction once.
 */
async function writeLots(deps: Deps, lots: Lot[], progress: (written: number) => void): Promise<void> {
  const { lotsItems } = await import('../../functions/data/lots-repository');
  for (let start = 0; start < lots.length; start += lotsPerLine) {
    const items = lotsItems(lots.slice(start, start + lotsPerLine));
    await commitGrouped(
      deps,
      items.map((Item) => ({ items: [{ Put: { TableName: deps.store.table, Item } }] })),
    );
    progress(Math.min(lots.length, start + lotsPerLine));
  }
}

/** Writes that go together (one buyer's invitation, booking, a lot's item), and the meeting they change as read → as written. */
interface Unit {
  items: TransactionItem[];
  change?: { before: MeetingRecord; after: MeetingRecord };
}

/**
 * Commits `units` in transactions of up to 100 items, a few at once; when `counters` names a
 * planning, each transaction carries one write of its counters for its units' changes (a
 * transaction may not write an item twice), with `fields` set. A transaction refused only
 * because another one held one of its items (the counters) is sent again; one whose condition
 * failed throws (a resumed run reads what is done before it builds its units), or with
 * `conditionsMayFail` is counted: its writes were made meanwhile by someone else, in part.
 */
async function commitGrouped(
  deps: Deps,
  units: Unit[],
  counters?: { planningId: string; fields?: Record<string, unknown>; afterEach?: () => Promise<void> },
  options: { conditionsMayFail?: boolean } = {},
): Promise<{ refused: number }> {
  const { commitTransaction, maxTransactionItems } = await import('../../functions/data/db');
  const { planningCountersWrite } = await import('../../functions/data/planning-counters-write');
  const { mapWithConcurrency } = await import('../../functions/runtime/concurrency');
  const groups: Unit[][] = [];
  let size = Infinity;
  const room = maxTransactionItems - (counters ? 1 : 0);
  for (const unit of units) {
    if (size + unit.items.length > room) {
      groups.push([]);
      size = 0;
    }
    groups[groups.length - 1].push(unit);
    size += unit.items.length;
  }
  const { isConditionFailure } = await import('../../functions/data/db');
  let refused = 0;
  await mapWithConcurrency(groups, transactionsInFlight, async (group) => {
    const changes = group.flatMap((unit) => (unit.change ? [unit.change] : []));
    const items = [
      ...group.flatMap((unit) => unit.items),
      ...(counters ? [planningCountersWrite(deps.store.table, counters.planningId, counterChange(changes), { fields: counters.fields })] : []),
    ];
    for (let attempt = 0; ; attempt += 1) {
      try {
        await commitTransaction(deps.store, items);
        break;
      } catch (error) {
        if (conflictedOnly(error) && attempt < 20) {
          await new Promise((resolveLater) => setTimeout(resolveLater, 20 + Math.random() * 80));
          continue;
        }
        if (!options.conditionsMayFail || !isConditionFailure(error)) throw error;
        refused += 1;
        return;
      }
    }
    await counters?.afterEach?.();
  });
  return { refused };
}

/** The program and its lots, written as an import writes them (batches of 25, 16 at once); ids derived from the program's. */
export async function seedBigProgram(
  deps: Deps,
  options: { ownerId: string; authorized: string[]; lots: number; name?: string; programId?: string },
): Promise<{ programId: string; lots: Lot[] }> {
  const { newObjectId } = await import('../../functions/core/security/ids');
  const { setLotCount } = await import('../../functions/data/programs-repository');
  const now = deps.now().toISOString();
  const programId = options.programId ?? newObjectId();
  await ensureProgram(deps, { ...options, programId, now });
  const lots = bigProgramLots(programId, options.lots, now, await lotIds(programId));
  await writeLots(deps, lots, () => undefined);
  await setLotCount(deps.store, programId, lots.length);
  return { programId, lots };
}

/** Lot ids derived from the program's: the same on every run. */
async function lotIds(programId: string): Promise<(index: number) => string> {
  const { derivedObjectId } = await import('../../functions/core/operations/operation-id');
  return (index) => derivedObjectId(programId, `lot ${index}`);
}

const promoterCaller = (userId: string) => ({ userId, role: 'promoter' as const, jti: 'seed-big-demo', exp: 0 });

/**
 * The creation's idempotency key: a run started again finds its creation (done, or to follow)
 * instead of starting a second planning.
 */
const creationKey = (programId: string, name: string) => `demo:big ${programId} ${name}`;

/**
 * A free planning of `lots` (one-hour visits, `amoIds.length` assigned AMOs, working days enough
 * for all with a third to spare), its invitations sent, then its first `booked` buyers booked,
 * each on a slot of its own (holes allowed, so every free start stays offered: part 1 §7).
 * Returns the planning's id.
 */
export async function seedBigFreePlanning(
  deps: Deps,
  options: { programId: string; promoterId: string; amoIds: string[]; lots: Lot[]; booked: number; name: string; log?: Log },
): Promise<string> {
  const { createFreePlanning } = await import('../../functions/core/plannings/create-free-planning');
  const log = options.log ?? (() => undefined);
  const label = `Planning libre de ${fr(options.lots.length)} acquéreurs`;
  const nbAmo = Math.max(1, options.amoIds.length);
  const perDay = dayStarts.length * nbAmo;
  const dates = workingDates(deps.now(), 3, Math.ceil((options.lots.length * 1.3) / perDay));
  const events = dates.map((date) => ({
    start: new Date(parisWallToEpoch(date, 8 * 60 + 30)).toISOString(),
    end: new Date(parisWallToEpoch(date, 17 * 60)).toISOString(),
    nbAmo,
  }));
  const planningId = await createdPlanning(
    deps,
    await createFreePlanning(
      deps,
      promoterCaller(options.promoterId),
      freePlanningCreateSchema.parse({
        projectId: options.programId,
        name: options.name,
        phase: 'partitions',
        mTimes: oneHourEach,
        broadcastList: options.lots.map((lot) => ({ lotId: lot._id, length: hour })),
        events,
        lunchStartTime: '12:30',
        lunchEndTime: '14:00',
        amoList: options.amoIds,
        areAmosAssigned: options.amoIds.length > 0,
        authorizeTrous: true,
        questions: ['visitors'],
        maxVisitorsNb: 2,
        contact,
        bookingDeadline: new Date(Date.parse(events[0].start) - 3 * 86_400_000).toISOString(),
        address,
      }),
      creationKey(options.programId, options.name),
    ),
    label,
    log,
  );
  await inviteAll(deps, planningId, label, log);
  await bookFirst(deps, planningId, options.booked, label, log);
  return planningId;
}

/**
 * Every buyer of the planning not yet invited, invited as the invitation's claim does it (the
 * meeting marked once, its message job, the counters; send-invitations.ts), many in a transaction.
 */
async function inviteAll(deps: Deps, planningId: string, label: string, log: Log): Promise<void> {
  const { loadPlanningState } = await import('../../functions/data/plannings-repository');
  const { invitationClaimItem } = await import('../../functions/data/planning-writes');
  const { putJobItem } = await import('../../functions/data/jobs-repository');
  const { buyerMessageJob } = await import('../../functions/core/messaging/buyer-message-job');
  // A running Livrea's invitation wave (handed over at the creation's end) claims the same buyers
  // meanwhile: a transaction that finds some claimed writes nothing, and the rest is claimed again.
  let count = 0;
  for (;;) {
    const { planning, meetings } = (await loadPlanningState(deps.store, planningId))!;
    count = meetings.length;
    const at = deps.now().toISOString();
    const units = meetings
      .filter((meeting) => !meeting.isInvitationSent && meeting.isActive)
      .map((meeting) => ({
        items: [
          invitationClaimItem(deps.store.table, planningId, meeting, at),
          putJobItem(deps.store.table, buyerMessageJob(deps, planning, meeting, 'invitation')),
        ],
        change: { before: meeting, after: { ...meeting, isInvitationSent: true } },
      }));
    if (units.length === 0) break;
    const { refused } = await commitGrouped(deps, units, { planningId, fields: { isInvitationSent: true } }, { conditionsMayFail: true });
    if (refused === 0) break;
  }
  log(`  ${label} : ${fr(count)} invitations (e-mail et SMS) prêtes à partir`);
}

/** Whether a transaction was refused only because another one held one of its items meanwhile (sent again). */
function conflictedOnly(error: unknown): boolean {
  const reasons = (error as { CancellationReasons?: { Code?: string }[] } | null)?.CancellationReasons;
  return !!reasons && reasons.some((reason) => reason?.Code === 'TransactionConflict') && !reasons.some((reason) => reason?.Code === 'ConditionalCheckFailed');
}

/**
 * The first `count` buyers of the planning (in its meetings' order) booked (bookBuyersOnSlots).
 */
async function bookFirst(deps: Deps, planningId: string, count: number, label: string, log: Log): Promise<void> {
  await bookBuyersOnSlots(deps, planningId, (meetings) => meetings.slice(0, count));
  log(`  ${label} : ${fr(count)} réservations (confirmations et rappels prêts à partir)`);
}

/**
 * The buyers `chosen` picks among the planning's meetings booked, the k-th on the k-th one-hour
 * slot of the planning's days (day by day, AMO by AMO, hour by hour; so a planning of one-hour
 * visits 08:30–17:00 with lunch 12:30–14:00): the items the booking use case commits
 * (book-slot.ts: slot grains put if absent, the meeting still free, the confirmation and reminder
 * jobs, the counters), in transactions of up to 100 items, a few at once. A buyer already booked
 * (a resumed run) is left as is. A test whose point is not the booking itself writes its bookings
 * so, without the engine's run of each.
 */
export async function bookBuyersOnSlots(deps: Deps, planningId: string, chosen: (meetings: MeetingRecord[]) => MeetingRecord[]): Promise<void> {
  const { loadPlanningState } = await import('../../functions/data/plannings-repository');
  const { bookingItems } = await import('../../functions/data/booking-writes');
  const { putJobItem } = await import('../../functions/data/jobs-repository');
  const { visitJobs } = await import('../../functions/core/messaging/visit-notifications');
  const { nextIcsSequence } = await import('../../functions/core/messaging/meeting-ics');
  const { planning, meetings } = (await loadPlanningState(deps.store, planningId))!;
  const slots = planning.events.flatMap((event) => {
    const { date } = epochToParisWall(Date.parse(event.start));
    return Array.from({ length: event.nbAmo }, (_, amoNb) => dayStarts.map((minute) => ({ start: parisWallToEpoch(date, minute), amoNb }))).flat();
  });
  const booking = chosen(meetings);
  if (slots.length < booking.length) throw new Error(`${slots.length} créneaux pour ${booking.length} réservations.`);
  const now = deps.now();
  const extra = { visitors: [] };
  const bookings = booking.flatMap((before, index) => {
    if (before.isBooked) return [];
    const slot = slots[index];
    const booked: MeetingRecord = {
      ...before,
      isBooked: true,
      start: new Date(slot.start).toISOString(),
      end: new Date(slot.start + before.length).toISOString(),
      amoNb: slot.amoNb,
      visitors: [],
      icsSequence: nextIcsSequence(before),
    };
    const { jobs, reminder } = visitJobs(deps, planning, booked, true);
    const after: MeetingRecord = { ...booked, reminderJobId: reminder?.id };
    const items = [...bookingItems(deps.store.table, planning, after, extra, now), ...jobs.map((job) => putJobItem(deps.store.table, job))];
    return [{ before, after, items }];
  });
  await commitGrouped(
    deps,
    bookings.map(({ before, after, items }) => ({ items, change: { before, after } })),
    { planningId, afterEach: () => seedPoint('big-demo-bookings') },
  );
}

/**
 * An imposed planning (part 2 §2.5) convening `lots` one hour each, `columns` AMO columns, each
 * column's visits back to back 08:30–12:30 and 14:00–17:00 on working days from five weeks ahead.
 * Its convocations leave by its invitation wave, when Livrea runs.
 */
export async function seedBigImposedPlanning(
  deps: Deps,
  options: { programId: string; promoterId: string; lots: Lot[]; name: string; columns?: number; log?: Log },
): Promise<string> {
  const { createImposedPlanning } = await import('../../functions/core/plannings/create-imposed-planning');
  const columns = options.columns ?? 6;
  const dates = workingDates(deps.now(), 5, Math.ceil(options.lots.length / (dayStarts.length * columns)));
  const placements = options.lots.map((lot, index) => {
    const date = dates[Math.floor(index / (dayStarts.length * columns))];
    const inDay = index % (dayStarts.length * columns);
    const start = new Date(parisWallToEpoch(date, dayStarts[inDay % dayStarts.length])).toISOString();
    return { lotId: lot._id, start, length: hour, amoNb: Math.floor(inDay / dayStarts.length) };
  });
  return createdPlanning(
    deps,
    await createImposedPlanning(
      deps,
      promoterCaller(options.promoterId),
      imposedPlanningCreateSchema.parse({
        projectId: options.programId,
        name: options.name,
        phase: 'delivery',
        mTimes: oneHourEach,
        placements,
        lunchStartTime: '12:30',
        lunchEndTime: '14:00',
        contact,
        bookingDeadline: new Date(parisWallToEpoch(addDays(dates[0], -2), 20 * 60)).toISOString(),
        address,
      }),
      creationKey(options.programId, options.name),
    ),
    `Planning imposé de ${fr(options.lots.length)} lots`,
    options.log ?? (() => undefined),
  );
}

/**
 * The created planning's id. A creation above 100 buyers is an operation (docs/architecture.md
 * « Planning creation »): its jobs (`<operation>.run<n>`) are run here, as the local product's
 * poller would run them, until it ends; one leased by a run that was killed is taken again once
 * its lease is over, one a running Livrea took is waited for.
 */
async function createdPlanning(deps: Deps, answer: CreationAnswer, label: string, log: Log): Promise<string> {
  const planningId = answer.body.planning._id;
  if (answer.status === 201) {
    log(`  ${label} : créé`);
    return planningId;
  }
  const { dispatchJob } = await import('../../functions/core/jobs/dispatch-job');
  const { jobRunners } = await import('../../functions/dispatch/job-runners');
  const { getJob } = await import('../../functions/data/jobs-repository');
  const { getOperation } = await import('../../functions/data/operations-repository');
  const { operationJobId } = await import('../../functions/core/operations/operation-job');
  const operationId = answer.body.operation.id;
  let shown = -1;
  const show = async () => {
    const operation = await getOperation(deps.store, operationId);
    if (operation && operation.progress.done !== shown && operation.status === 'running') {
      shown = operation.progress.done;
      log(`  ${label} : ${fr(shown)} / ${fr(operation.progress.total)} acquéreurs écrits`);
    }
    return operation;
  };
  // The runner records each step while this process waits on its run: the progress is read beside it.
  const ticker = setInterval(() => void show().catch(() => undefined), 1_000);
  try {
    for (let run = 0; ;) {
      const operation = await show();
      if (operation?.status === 'done') break;
      if (!operation || operation.status === 'failed') throw new Error(`${label} : ${operation?.error?.message ?? 'opération introuvable'}`);
      const job = await getJob(deps.store, operationJobId(operationId, run));
      if (job && ['done', 'cancelled', 'dead', 'failed'].includes(job.status)) run += 1;
      else if (!job || (await dispatchJob(deps, job.id, jobRunners)) === 'skipped') await new Promise((resolveLater) => setTimeout(resolveLater, 250));
    }
  } finally {
    clearInterval(ticker);
  }
  log(`  ${label} : créé`);
  return planningId;
}

/** The demo accounts the big program belongs to: the promoter and the three AMOs (seed-demo.ts made them). */
async function demoStaff(deps: Deps): Promise<{ promoterId: string; amoIds: string[] }> {
  const { getUserByEmail } = await import('../../functions/data/users-repository');
  const promoter = await getUserByEmail(deps.store, 'promoteur@demo.livrea.fr');
  const amos = await Promise.all(['amo1', 'amo2', 'amo3'].map((name) => getUserByEmail(deps.store, `${name}@demo.livrea.fr`)));
  if (!promoter || amos.some((amo) => !amo)) throw new Error('Les comptes de démonstration manquent : la démo normale doit être créée d’abord.');
  return { promoterId: promoter._id, amoIds: amos.map((amo) => amo!._id) };
}

/**
 * The big demo, once per table: a table with the whole big demo answers it as it is ('already');
 * one whose seed was stopped half-way (marker 'started') goes on from where it was, with the same
 * program and ids. A marker left by an earlier version (random ids, nothing to resume from) has
 * its program deleted as a promoter deletes one (its jobs erase it) and the demo seeded anew.
 * Needs the normal demo's accounts.
 */
export async function seedBigDemoOnce(
  deps: Deps,
  size: BigDemoSize = bigDemoSize,
  log: Log = () => undefined,
): Promise<{ demo: BigDemo; outcome: 'seeded' | 'already' }> {
  const { Item } = await deps.store.doc.send(new GetCommand({ TableName: deps.store.table, Key: bigDemoMarker, ConsistentRead: true }));
  if (Item?.status === 'complete') return { demo: Item.demo as BigDemo, outcome: 'already' };
  const { promoterId, amoIds } = await demoStaff(deps);
  const resumable = typeof Item?.programId === 'string' && typeof Item.createdAt === 'string';
  if (typeof Item?.programId === 'string' && !resumable) {
    log(`Programme incomplet d'une création interrompue (${Item.programId}) : suppression, puis nouvelle création.`);
    const { deleteProgram } = await import('../../functions/core/programs/delete-program');
    await deleteProgram(deps, promoterCaller(promoterId), Item.programId).catch(() => undefined);
  }
  const started = performance.now();
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(0)} s`;
  const say: Log = (line) => log(`${line} (${elapsed()})`);
  let programId: string;
  let createdAt: string;
  if (resumable) {
    programId = Item.programId as string;
    createdAt = Item.createdAt as string;
    log(`Reprise de la création interrompue du programme ${programId} : ce qui est déjà écrit est gardé.`);
  } else {
    const { newObjectId } = await import('../../functions/core/security/ids');
    programId = newObjectId();
    createdAt = deps.now().toISOString();
    // The program's id in the marker before anything of it is written: a run stopped from here on resumes it.
    await deps.store.doc.send(new PutCommand({ TableName: deps.store.table, Item: { ...bigDemoMarker, status: 'started', programId, createdAt } }));
  }
  await ensureProgram(deps, { programId, ownerId: promoterId, authorized: amoIds, now: createdAt });
  const lots = bigProgramLots(programId, size.lots, createdAt, await lotIds(programId));
  const planned = lots.slice(0, size.freeParticipants + size.imposedLots);
  const lotsDone = new Set<string>((Item?.lotsDone as string[] | undefined) ?? []);
  const lotsStep = async (part: 'planned' | 'others', partLots: Lot[], before: number) => {
    if (lotsDone.has(part)) return;
    await writeLots(deps, partLots, (written) => say(`  Lots : ${fr(before + written)} / ${fr(lots.length)} écrits`));
    await seedPoint('big-demo-lots');
    await deps.store.doc.send(
      new UpdateCommand({
        TableName: deps.store.table,
        Key: bigDemoMarker,
        UpdateExpression: 'SET lotsDone = list_append(if_not_exists(lotsDone, :none), :part)',
        ExpressionAttributeValues: { ':none': [], ':part': [part] },
      }),
    );
  };
  log(`Programme « ${bigDemoNames.program} » : ${fr(size.lots)} lots, dont ${fr(planned.length)} dans les plannings, écrits d'abord.`);
  // The plannings' lots first; the others are written while the plannings are created (the
  // database waits on its disk as much as on its CPU: the two go faster side by side).
  await lotsStep('planned', planned, 0);
  const [, imposedPlanningId, freePlanningId] = await Promise.all([
    lotsStep('others', lots.slice(planned.length), planned.length),
    // A smaller size (the browser journey's) may leave the imposed planning out: its id is then ''.
    size.imposedLots === 0
      ? Promise.resolve('')
      : seedBigImposedPlanning(deps, {
          programId,
          promoterId,
          lots: lots.slice(size.freeParticipants, size.freeParticipants + size.imposedLots),
          name: bigDemoNames.imposed,
          log: say,
        }),
    seedBigFreePlanning(deps, {
      programId,
      promoterId,
      amoIds,
      lots: lots.slice(0, size.freeParticipants),
      booked: size.booked,
      name: bigDemoNames.free,
      log: say,
    }),
  ]);
  const { setLotCount } = await import('../../functions/data/programs-repository');
  await setLotCount(deps.store, programId, lots.length);
  const demo: BigDemo = {
    programId,
    freePlanningId,
    imposedPlanningId,
    lots: size.lots,
    freeParticipants: size.freeParticipants,
    booked: size.booked,
    imposedLots: size.imposedLots,
  };
  await deps.store.doc.send(
    new PutCommand({
      TableName: deps.store.table,
      Item: { ...bigDemoMarker, status: 'complete', seededAt: deps.now().toISOString(), programId, createdAt, demo },
    }),
  );
  return { demo, outcome: 'seeded' };
}

/** The screens to open on the big demo (the SPA's routes). */
export function bigDemoUrls(baseUrl: string, demo: BigDemo): { label: string; url: string }[] {
  return [
    { label: `Lots du programme (${fr(demo.lots)})`, url: `${baseUrl}/projets/${demo.programId}/clients` },
    { label: `Planning libre (${fr(demo.freeParticipants)} acquéreurs)`, url: `${baseUrl}/projets/${demo.programId}/plannings-libres/${demo.freePlanningId}` },
    ...(demo.imposedPlanningId
      ? [{ label: `Planning imposé (${fr(demo.imposedLots)} lots)`, url: `${baseUrl}/projets/${demo.programId}/plannings-imposes/${demo.imposedPlanningId}` }]
      : []),
  ];
}

/** A smaller demo for tests (`LIVREA_BIG_DEMO_SIZE=lots,participants,booked,imposed`), else the full size. */
export function bigDemoSizeFrom(value: string | undefined): BigDemoSize {
  const numbers = (value ?? '').split(',').map(Number);
  if (numbers.length !== 4 || numbers.some((one) => !Number.isInteger(one) || one < 0)) return bigDemoSize;
  const [lots, freeParticipants, booked, imposedLots] = numbers;
  return { lots, freeParticipants, booked, imposedLots };
}

/** Whether something answers HTTP on `port` (a running `npm start`). */
async function answersOn(port: number): Promise<boolean> {
  try {
    await fetch(`http://localhost:${port}/`, { signal: AbortSignal.timeout(1500) });
    return true;
  } catch {
    return false;
  }
}

/**
 * The command: on the `.data/` folder `npm start` uses. With Livrea running, on its DynamoDB Local
 * (whose address `npm start` leaves in the folder), so that Livrea sends the demo's mail as soon
 * as it is written; with Livrea stopped, with a DynamoDB Local of its own on the same file; with
 * DYNAMODB_ENDPOINT, on that DynamoDB. Creates the normal demo first when the table has none.
 */
async function main(): Promise<void> {
  const root = resolve(__dirname, '../..');
  const port = Number(process.env.PORT ?? 3000);
  const dataDir = resolve(process.env.LIVREA_DATA_DIR ?? join(root, '.data'));
  const { LocalRuntimeError, startDynamoDbLocal } = await import('./dynamodb-local');
  const running = process.env.DYNAMODB_ENDPOINT ? undefined : await runningDynamoDbEndpoint(dataDir);
  const external = process.env.DYNAMODB_ENDPOINT || running?.endpoint;
  if (!external && (await answersOn(port))) {
    throw new LocalRuntimeError(
      `Un programme répond sur le port ${port} mais ce n'est pas Livrea lancé sur ${dataDir} : arrêtez-le, ou donnez le port de Livrea (PORT=…).`,
    );
  }
  const size = bigDemoSizeFrom(process.env.LIVREA_BIG_DEMO_SIZE);
  console.log(
    running
      ? `Création de la démo « grand programme » dans Livrea en cours d'exécution (${running.url})…`
      : 'Création de la démo « grand programme » (Livrea arrêté : sa base est ouverte le temps de la création)…',
  );
  if (!external) await mkdir(join(dataDir, 'dynamodb'), { recursive: true });
  const dynamo = external ? undefined : await startDynamoDbLocal({ dataDir: join(dataDir, 'dynamodb') });
  try {
    Object.assign(process.env, {
      LIVREA_RUNTIME: 'local',
      TABLE_NAME: process.env.TABLE_NAME || running?.table || 'livrea',
      DYNAMODB_ENDPOINT: external ?? dynamo!.endpoint,
      LIVREA_DATA_DIR: dataDir,
      PUBLIC_URL: process.env.PUBLIC_URL ?? running?.url ?? `http://localhost:${port}`,
      LIVREA_COMMIT_BARRIER: '1',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'ERROR',
    });
    const { getDeps } = await import('../../functions/runtime/deps');
    const deps = getDeps();
    const { ensureTable } = await import('./create-table');
    const { DynamoDBClient } = await import('@aws-sdk/client-dynamodb');
    await ensureTable(
      dynamo?.client ??
        new DynamoDBClient({ endpoint: process.env.DYNAMODB_ENDPOINT, region: 'eu-west-3', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
      deps.store.table,
    );
    const { seedDemoOnce } = await import('./seed-demo');
    if ((await seedDemoOnce(deps)) === 'seeded') console.log('  Démo normale créée (elle manquait).');
    const started = performance.now();
    const { demo, outcome } = await seedBigDemoOnce(deps, size, (line) => console.log(line));
    console.log(
      outcome === 'already'
        ? `La démo « ${bigDemoNames.program} » existe déjà : rien n'a été ajouté.`
        : `Démo « ${bigDemoNames.program} » créée en ${((performance.now() - started) / 1000).toFixed(0)} s : ${fr(demo.lots)} lots, ` +
            `un planning libre de ${fr(demo.freeParticipants)} acquéreurs (${fr(demo.booked)} réservés), un planning imposé de ${fr(demo.imposedLots)} lots.`,
    );
    console.log(`Propriétaire : promoteur@demo.livrea.fr (mot de passe « demo-livrea » ; AMO autorisés : amo1, amo2, amo3).`);
    console.log(running ? 'Ouvrez :' : 'Lancez `npm start`, puis ouvrez :');
    for (const { label, url } of bigDemoUrls(deps.config.publicUrl, demo)) console.log(`  ${label.padEnd(36)} ${url}`);
    if (outcome === 'seeded')
      console.log(
        running
          ? 'Les invitations et confirmations partent maintenant par la boîte d’envoi locale (quelques minutes pour toutes).'
          : 'Les invitations et confirmations partiront par la boîte d’envoi locale au prochain `npm start`.',
      );
  } finally {
    await dynamo?.stop();
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error && error.name === 'LocalRuntimeError' ? `Erreur : ${error.message}` : error);
    process.exit(1);
  });
}
