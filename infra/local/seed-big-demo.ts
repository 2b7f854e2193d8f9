import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Lot } from '../../shared/domain/lot';
import { freePlanningCreateSchema } from '../../shared/domain/planning';
import { imposedPlanningCreateSchema } from '../../shared/domain/imposed-planning';
import { defaultProgramColors } from '../../shared/domain/program';
import { isFrenchHoliday } from '../../shared/scheduling/french-holidays';
import { addDays, epochToParisWall, parisWallToEpoch } from '../../shared/scheduling/time-grid';
import type { Deps } from '../../functions/runtime/deps';
import type { CreationAnswer } from '../../functions/core/plannings/planning-creation';

/**
 * `npm run demo:big`: a program the size of the real ones (part 2 §5: up to 10,000 lots) beside the
 * 40-lot demo, to try and measure the screens and exports on it: « Les Terrasses du Lac », 10,000
 * lots owned by the demo promoter with the demo AMOs authorized, a free planning of 600 buyers of
 * whom 400 booked, and an imposed planning of 600 lots. Written through the data layer and the
 * use cases the API calls (lots in batches as an import writes them, plannings by their creation
 * use cases, bookings by the booking use case on valid slots), never through HTTP: a minute, not
 * the import's. The bench (scripts/bench/big-programs.ts) and the big-program journey seed the
 * same data with these functions.
 */

/** The item that says the big demo is there: 'started' while it is written, then whole with its ids. */
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

/** `count` working days (no week-end, no bank holiday) from `weeks` weeks ahead, as Paris dates. */
export function workingDates(now: Date, weeks: number, count: number): string[] {
  const dates: string[] = [];
  for (let date = epochToParisWall(now.getTime() + weeks * 7 * 86_400_000).date; dates.length < count; date = addDays(date, 1)) {
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6 && !isFrenchHoliday(date)) dates.push(date);
  }
  return dates;
}

/** The lots of the big program: ten buildings A–J of 1,000 lots, 10 floors of 100; fictitious buyers. */
export function bigProgramLots(programId: string, count: number, now: string, newId: () => string): Lot[] {
  return Array.from({ length: count }, (_, index) => {
    const batiment = String.fromCharCode(65 + (Math.floor(index / 1000) % 26));
    const etage = String(Math.floor((index % 1000) / 100));
    const titre = index % 3 === 0 ? 'Madame' : 'Monsieur';
    return {
      _id: newId(),
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

/** The program and its lots, written as an import writes them (batches of 25, 16 at once). */
export async function seedBigProgram(
  deps: Deps,
  options: { ownerId: string; authorized: string[]; lots: number; name?: string; programId?: string },
): Promise<{ programId: string; lots: Lot[] }> {
  const { newObjectId } = await import('../../functions/core/security/ids');
  const { createProgram, setLotCount } = await import('../../functions/data/programs-repository');
  const { putLots } = await import('../../functions/data/lots-repository');
  const now = deps.now().toISOString();
  const programId = options.programId ?? newObjectId();
  await createProgram(deps.db, {
    _id: programId,
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
    createdAt: now,
    updatedAt: now,
  });
  const lots = bigProgramLots(programId, options.lots, now, newObjectId);
  await putLots(deps.db, lots);
  await setLotCount(deps.db, programId, lots.length);
  return { programId, lots };
}

const promoterCaller = (userId: string) => ({ userId, role: 'promoter' as const, jti: 'seed-big-demo', exp: 0 });

/**
 * A free planning of `lots` (one-hour visits, `amoIds.length` assigned AMOs, working days enough
 * for all with a third to spare), its invitations sent, then the first `booked` buyers booked by
 * the booking use case (part 1 §7), 16 at once so that its rounds decide them together, each on
 * a slot of its own (holes allowed, so every free start is offered); a refused one books the first
 * option its buyer view offers. Returns the planning's id.
 */
export async function seedBigFreePlanning(
  deps: Deps,
  options: { programId: string; promoterId: string; amoIds: string[]; lots: Lot[]; booked: number; name: string },
): Promise<string> {
  const { createFreePlanning } = await import('../../functions/core/plannings/create-free-planning');
  const { sendInvitations } = await import('../../functions/core/messaging/send-invitations');
  const { loadPlanningState } = await import('../../functions/data/plannings-repository');
  const { bookSlot } = await import('../../functions/core/booking/book-slot');
  const { getBuyerView } = await import('../../functions/core/booking/buyer-view');
  const { mapWithConcurrency } = await import('../../functions/runtime/concurrency');
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
    ),
  );
  await sendInvitations(deps, planningId);
  const meetings = ((await loadPlanningState(deps.db, planningId))?.meetings ?? []).slice(0, options.booked);
  const slots = dates.flatMap((date) =>
    Array.from({ length: nbAmo }, (_, amoNb) =>
      dayStarts.map((minute) => ({ startDate: new Date(parisWallToEpoch(date, minute)).toISOString(), amoNb })),
    ).flat(),
  );
  const extra = { visitors: [] };
  const refused: string[] = [];
  await mapWithConcurrency(
    meetings.map((meeting, index) => ({ uuid: meeting.uuid, slot: slots[index] })),
    16,
    async ({ uuid, slot }) => {
      await bookSlot(deps, planningId, { usr: uuid, slot, extra }).catch(() => refused.push(uuid));
    },
  );
  for (const uuid of refused) {
    const option = (await getBuyerView(deps, uuid)).options[0];
    if (option) await bookSlot(deps, planningId, { usr: uuid, slot: { startDate: option.startDate, amoNb: option.amoNb }, label: option.label, extra });
  }
  return planningId;
}

/**
 * An imposed planning (part 2 §2.5) convening `lots` one hour each, `columns` AMO columns, each
 * column's visits back to back 08:30–12:30 and 14:00–17:00 on working days from five weeks ahead.
 */
export async function seedBigImposedPlanning(
  deps: Deps,
  options: { programId: string; promoterId: string; lots: Lot[]; name: string; columns?: number },
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
  const planningId = await createdPlanning(
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
    ),
  );
  return planningId;
}

/**
 * The created planning's id. A creation above 100 buyers is an operation (docs/architecture.md
 * « Planning creation »): its jobs are run here, in this process, until it ends, as the local
 * product's poller would run them.
 */
async function createdPlanning(deps: Deps, answer: CreationAnswer): Promise<string> {
  if (answer.status === 201) return answer.body.planning._id;
  const { dispatchJob } = await import('../../functions/core/jobs/dispatch-job');
  const { jobRunners } = await import('../../functions/core/jobs/job-runners');
  const { listDueJobs } = await import('../../functions/data/jobs-repository');
  const { getOperation } = await import('../../functions/data/operations-repository');
  for (;;) {
    const operation = await getOperation(deps.db, answer.body.operation.id);
    if (operation?.status === 'done') return answer.body.planning._id;
    if (!operation || operation.status === 'failed') throw new Error(`création du planning : ${operation?.error?.message ?? 'opération introuvable'}`);
    const due = await listDueJobs(deps.db, deps.now(), 50);
    for (const jobId of due) await dispatchJob(deps, jobId, jobRunners);
    if (due.length === 0) await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The demo accounts the big program belongs to: the promoter and the three AMOs (seed-demo.ts made them). */
async function demoStaff(deps: Deps): Promise<{ promoterId: string; amoIds: string[] }> {
  const { getUserByEmail } = await import('../../functions/data/users-repository');
  const promoter = await getUserByEmail(deps.db, 'promoteur@demo.livrea.fr');
  const amos = await Promise.all(['amo1', 'amo2', 'amo3'].map((name) => getUserByEmail(deps.db, `${name}@demo.livrea.fr`)));
  if (!promoter || amos.some((amo) => !amo)) throw new Error('Les comptes de démonstration manquent : la démo normale doit être créée d’abord.');
  return { promoterId: promoter._id, amoIds: amos.map((amo) => amo!._id) };
}

/**
 * The big demo, once per table: a table with the whole big demo answers it as it is ('already');
 * one whose seed was stopped half-way (marker 'started') has that program deleted as a promoter
 * deletes one (its jobs erase it) and is seeded again. Needs the normal demo's accounts.
 */
export async function seedBigDemoOnce(
  deps: Deps,
  size: BigDemoSize = bigDemoSize,
  log: Log = () => undefined,
): Promise<{ demo: BigDemo; outcome: 'seeded' | 'already' }> {
  const { Item } = await deps.db.doc.send(new GetCommand({ TableName: deps.db.table, Key: bigDemoMarker, ConsistentRead: true }));
  if (Item?.status === 'complete') return { demo: Item.demo as BigDemo, outcome: 'already' };
  const { promoterId, amoIds } = await demoStaff(deps);
  if (typeof Item?.programId === 'string') {
    log(`Programme incomplet d'une création interrompue (${Item.programId}) : suppression, puis nouvelle création.`);
    const { deleteProgram } = await import('../../functions/core/programs/delete-program');
    await deleteProgram(deps, promoterCaller(promoterId), Item.programId).catch(() => undefined);
  }
  const step = async <T>(label: string, work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const result = await work();
    log(`  ${label} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
    return result;
  };
  const { newObjectId } = await import('../../functions/core/security/ids');
  // The program's id in the marker before anything of it is written: a seed stopped from here on is found and redone.
  const programId = newObjectId();
  await deps.db.doc.send(new PutCommand({ TableName: deps.db.table, Item: { ...bigDemoMarker, status: 'started', programId } }));
  const { lots } = await step(`${size.lots.toLocaleString('fr-FR')} lots écrits`, () =>
    seedBigProgram(deps, { ownerId: promoterId, authorized: amoIds, lots: size.lots, programId }),
  );
  // A smaller size (the browser journey's) may leave the imposed planning out: its id is then ''.
  const imposedPlanningId =
    size.imposedLots === 0
      ? ''
      : await step(`planning imposé de ${size.imposedLots} lots`, () =>
          seedBigImposedPlanning(deps, {
            programId,
            promoterId,
            lots: lots.slice(size.freeParticipants, size.freeParticipants + size.imposedLots),
            name: bigDemoNames.imposed,
          }),
        );
  // Created last, so that it is the program's newest planning.
  const freePlanningId = await step(`planning libre de ${size.freeParticipants} acquéreurs, ${size.booked} réservés`, () =>
    seedBigFreePlanning(deps, { programId, promoterId, amoIds, lots: lots.slice(0, size.freeParticipants), booked: size.booked, name: bigDemoNames.free }),
  );
  const demo: BigDemo = {
    programId,
    freePlanningId,
    imposedPlanningId,
    lots: size.lots,
    freeParticipants: size.freeParticipants,
    booked: size.booked,
    imposedLots: size.imposedLots,
  };
  await deps.db.doc.send(
    new PutCommand({ TableName: deps.db.table, Item: { ...bigDemoMarker, status: 'complete', seededAt: deps.now().toISOString(), programId, demo } }),
  );
  return { demo, outcome: 'seeded' };
}

/** The screens to open on the big demo (the SPA's routes). */
export function bigDemoUrls(baseUrl: string, demo: BigDemo): { label: string; url: string }[] {
  return [
    { label: `Lots du programme (${demo.lots.toLocaleString('fr-FR')})`, url: `${baseUrl}/projets/${demo.programId}/clients` },
    { label: `Planning libre (${demo.freeParticipants} acquéreurs)`, url: `${baseUrl}/projets/${demo.programId}/plannings-libres/${demo.freePlanningId}` },
    { label: `Planning imposé (${demo.imposedLots} lots)`, url: `${baseUrl}/projets/${demo.programId}/plannings-imposes/${demo.imposedPlanningId}` },
  ];
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
 * The command: on the `.data/` folder `npm start` uses, with its own DynamoDB Local (the data
 * file has one reader at a time), so Livrea must be stopped meanwhile; with DYNAMODB_ENDPOINT, on
 * that DynamoDB instead. Creates the normal demo first when the folder has none.
 */
async function main(): Promise<void> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const root = resolve(__dirname, '../..');
  const port = Number(process.env.PORT ?? 3000);
  const dataDir = resolve(process.env.LIVREA_DATA_DIR ?? join(root, '.data'));
  const { LocalRuntimeError, startDynamoDbLocal } = await import('./dynamodb-local');
  const external = process.env.DYNAMODB_ENDPOINT || undefined;
  if (!external && (await answersOn(port))) {
    throw new LocalRuntimeError(
      `Livrea (ou un autre programme) répond sur le port ${port} : arrêtez \`npm start\` (Ctrl-C), lancez \`npm run demo:big\`, puis relancez \`npm start\`.`,
    );
  }
  console.log('Création de la démo « grand programme »…');
  if (!external) await mkdir(join(dataDir, 'dynamodb'), { recursive: true });
  const dynamo = external ? undefined : await startDynamoDbLocal({ dataDir: join(dataDir, 'dynamodb') });
  try {
    Object.assign(process.env, {
      LIVREA_RUNTIME: 'local',
      TABLE_NAME: process.env.TABLE_NAME || 'livrea',
      DYNAMODB_ENDPOINT: external ?? dynamo!.endpoint,
      LIVREA_DATA_DIR: dataDir,
      PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}`,
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
      deps.db.table,
    );
    const { seedDemoOnce } = await import('./seed-demo');
    if ((await seedDemoOnce(deps)) === 'seeded') console.log('  démo normale créée (elle manquait)');
    const started = performance.now();
    const { demo, outcome } = await seedBigDemoOnce(deps, bigDemoSize, (line) => console.log(line));
    console.log(
      outcome === 'already'
        ? `La démo « ${bigDemoNames.program} » existe déjà : rien n'a été ajouté.`
        : `Démo « ${bigDemoNames.program} » créée en ${((performance.now() - started) / 1000).toFixed(0)} s : ${demo.lots.toLocaleString('fr-FR')} lots, ` +
            `un planning libre de ${demo.freeParticipants} acquéreurs (${demo.booked} réservés), un planning imposé de ${demo.imposedLots} lots.`,
    );
    console.log(`Propriétaire : promoteur@demo.livrea.fr (AMO autorisés : amo1, amo2, amo3). Lancez \`npm start\`, puis ouvrez :`);
    for (const { label, url } of bigDemoUrls(deps.config.publicUrl, demo)) console.log(`  ${label.padEnd(36)} ${url}`);
    console.log('Les invitations et confirmations partent par la boîte d’envoi locale au démarrage de Livrea.');
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
