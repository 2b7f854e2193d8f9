import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { defaultProgramColors } from '../../shared/domain/program';
import type { Lot } from '../../shared/domain/lot';
import { typologySchema } from '../../shared/domain/typology';
import { createAccount } from '../../functions/core/accounts/register';
import { newObjectId } from '../../functions/core/security/ids';
import { putLots } from '../../functions/data/lots-repository';
import { getUserByEmail } from '../../functions/data/users-repository';
import { createProgram, setLotCount } from '../../functions/data/programs-repository';
import type { Deps } from '../../functions/runtime/deps';
import { demoAccounts, demoLots, demoPassword } from './demo-data';
import { bookSlot } from '../../functions/core/booking/book-slot';
import { getBuyerView } from '../../functions/core/booking/buyer-view';
import { sendInvitations } from '../../functions/core/messaging/send-invitations';
import { createFreePlanning } from '../../functions/core/plannings/create-free-planning';
import { freePlanningCreateSchema } from '../../shared/domain/planning';
import { isFrenchHoliday } from '../../shared/scheduling/french-holidays';
import { addDays, parisWallToEpoch } from '../../shared/scheduling/time-grid';
import { DEFAULT_DURATIONS_MS } from '../../shared/scheduling/phase-durations';
import { seedImposedPlanning } from './demo/imposed-planning';
import { seedVirtualVisits } from './demo/virtual-visits';
import { seedTemplatesAndLogs } from './demo/templates-and-logs';
import { seedPoint } from './demo/seed-failpoint';
import { rebuildTable } from './demo/rebuild-table';

/** The item of the product's table that says the demo is there: 'started' while it is written, then whole. */
export const marker = { pk: 'SEED#DEMO', sk: 'SEED' };

/**
 * Seeds the demo data once per data folder (local runs only; never in AWS), crash-safe: the
 * marker says 'started' before the first demo item and is completed after the last. A start that
 * finds it 'started' (a seed killed half-way), or demo accounts without a marker (an earlier
 * version's seed killed half-way), rebuilds the table and seeds again. Nothing else can be in that
 * table: the API answers only once the seed is done, and no demo address can be registered.
 */
export async function seedDemoOnce(deps: Deps): Promise<'seeded' | 'already'> {
  const { Item } = await deps.store.doc.send(new GetCommand({ TableName: deps.store.table, Key: marker, ConsistentRead: true }));
  if (Item && Item.status !== 'started') return 'already';
  if (Item || (await getUserByEmail(deps.store, demoAccounts[0].email))) await rebuildTable(deps.store.table);
  await deps.store.doc.send(new PutCommand({ TableName: deps.store.table, Item: { ...marker, status: 'started' } }));
  const programId = await seedDemo(deps);
  await seedPoint('seeded');
  await deps.store.doc.send(
    new PutCommand({ TableName: deps.store.table, Item: { ...marker, status: 'complete', seededAt: deps.now().toISOString(), programId } }),
  );
  return 'seeded';
}

/** The whole demo; its program's id. */
async function seedDemo(deps: Deps): Promise<string> {
  const users = new Map<string, string>();
  for (const account of demoAccounts) {
    // Demo addresses are fictitious: their buyers count as having confirmed them.
    const user = await createAccount(deps, { ...account, password: demoPassword }, { emailProven: true });
    users.set(account.email, user._id);
  }
  await seedPoint('accounts');
  const promoterId = users.get('promoteur@demo.livrea.fr')!;
  const amoIds = ['amo1', 'amo2', 'amo3'].map((name) => users.get(`${name}@demo.livrea.fr`)!);
  const now = deps.now().toISOString();
  const programId = newObjectId();
  await createProgram(deps.store, {
    _id: programId,
    name: 'Les Jardins du Parc',
    promotername: 'Horizon Promotion',
    promoterUrl: 'https://www.horizon-promotion.fr',
    adressenumero: '12',
    adresserue: 'rue des Tilleuls',
    adressecodepostal: '69003',
    adresseville: 'Lyon',
    adressepays: 'France',
    mailrespclient: 'relation.client@horizon-promotion.fr',
    colors: defaultProgramColors,
    isArchived: false,
    authorized: amoIds,
    isClientFileSent: false,
    owner: promoterId,
    createdAt: now,
    updatedAt: now,
  });
  const lots: Lot[] = demoLots().map((row) => ({
    _id: newObjectId(),
    program: programId,
    lotcomm: row.lotcomm,
    lotcopro: row.lotcopro,
    titre: row.titre,
    gender: row.titre === 'Madame' ? 'Madame' : 'Monsieur',
    nom: row.nom,
    adresse: row.adresse,
    codepostal: row.codepostal,
    ville: row.ville,
    telephonemonsieur: row.telephonemonsieur,
    mailmonsieur: row.mailmonsieur,
    typologie: typologySchema.parse(row.typologie),
    batiment: row.batiment,
    etage: row.etage,
    owner: users.get(row.mailmonsieur),
    createdAt: now,
    updatedAt: now,
  }));
  await putLots(deps.store, lots);
  await setLotCount(deps.store, programId, lots.length);
  // part 2 §2.5, §2.7: imposed planning, seeded first so the free planning stays the newest (plannings[0]).
  await seedImposedPlanning(deps, programId, promoterId, lots);
  await seedPoint('imposed-planning');
  await seedFreePlanning(deps, programId, promoterId, lots);
  await (await import('./demo/buyer-area')).seedBuyerArea(deps, programId); // part 1 §2: buyer area
  await seedVirtualVisits(deps, programId, promoterId); // part 1 §2, part 3 §2: virtual visits
  await seedTemplatesAndLogs(deps, [promoterId, amoIds[0]]); // part 3 §2: default templates and a year of appointment logs
  return programId;
}

/** Weekdays from three weeks ahead, 08:30–17:00 Paris, as planning events. */
function demoEvents(count: number, now: Date): { start: string; end: string; nbAmo: number }[] {
  const first = new Date(now.getTime() + 21 * 86_400_000).toISOString().slice(0, 10);
  const events: { start: string; end: string; nbAmo: number }[] = [];
  for (let offset = 0; events.length < count; offset += 1) {
    const date = addDays(first, offset);
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    // Planning creation refuses bank holidays (part 2 §5).
    if (weekday === 0 || weekday === 6 || isFrenchHoliday(date)) continue;
    events.push({ start: new Date(parisWallToEpoch(date, 8 * 60 + 30)).toISOString(), end: new Date(parisWallToEpoch(date, 17 * 60)).toISOString(), nbAmo: 2 });
  }
  return events;
}

/** A free planning in progress on the demo program: invitations sent, a few visits booked. */
async function seedFreePlanning(deps: Deps, programId: string, promoterId: string, lots: Lot[]): Promise<void> {
  const caller = { userId: promoterId, role: 'promoter' as const, jti: 'seed', exp: 0 };
  const selected = lots.filter((lot) => lot.batiment === 'A');
  const events = demoEvents(5, deps.now());
  const {
    body: { planning },
  } = await createFreePlanning(
    deps,
    caller,
    freePlanningCreateSchema.parse({
      projectId: programId,
      name: 'Visites cloisons – bâtiment A',
      phase: 'partitions',
      mTimes: DEFAULT_DURATIONS_MS.partitions,
      broadcastList: selected.map((lot) => ({ lotId: lot._id, length: DEFAULT_DURATIONS_MS.partitions[lot.typologie] })),
      events,
      lunchStartTime: '12:30',
      lunchEndTime: '14:00',
      questions: ['vrSurvey', 'shoeSize', 'visitors'],
      maxVisitorsNb: 2,
      contact: {
        contactTitre: 'Madame',
        contactNom: 'Bernard',
        contactPrenom: 'Claire',
        contactMail: 'claire.bernard@demo.livrea.fr',
        contactTelephone: '0611223344',
      },
      bookingDeadline: new Date(Date.parse(events[0].start) - 3 * 86_400_000).toISOString(),
      address: { numero: '12', rue: 'rue des Tilleuls', codepostal: '69003', ville: 'Lyon', pays: 'France' },
    }),
  );
  await sendInvitations(deps, planning._id);
  const { loadPlanningState } = await import('../../functions/data/plannings-repository');
  const state = await loadPlanningState(deps.store, planning._id);
  for (const meeting of (state?.meetings ?? []).slice(0, 6)) {
    const view = await getBuyerView(deps, meeting.uuid);
    const option = view.options[0];
    if (option)
      await bookSlot(deps, planning._id, {
        usr: meeting.uuid,
        slot: { startDate: option.startDate, amoNb: option.amoNb },
        label: option.label,
        extra: { isInterestedVr: false, visitors: [] },
      });
  }
}
