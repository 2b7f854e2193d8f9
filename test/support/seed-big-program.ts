import { createHash, randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Lot } from '../../shared/domain/lot';
import { newObjectId } from '../../functions/core/security/ids';
import { batchWrite } from '../../functions/data/batch-write';
import { createDb, type Db } from '../../functions/data/db';
import type { Delivery } from '../../functions/data/deliveries-repository';
import { keys } from '../../functions/data/keys';
import { loadPlanningState, meetingItem, type MeetingRecord } from '../../functions/data/plannings-repository';
import { ticketPut, type TicketRecord } from '../../functions/data/tickets-repository';
import { putLots } from '../../functions/data/lots-repository';
import { setLotCount } from '../../functions/data/programs-repository';
import { putAreaFile, type AreaFileRecord } from '../../functions/data/area-files-repository';
import { putNewVisitItem, type VirtualVisitRecord } from '../../functions/data/virtual-visits-repository';

const directStores = new Map<string, Db>();

/**
 * The store a seed writes through: DynamoDB Local itself, not the integration run's throughput
 * model (test/support/setup/throughput-model.ts). A seed stands for data already there, as the
 * benches' set-ups do; its thousands of items a second on one program's key would be throttled
 * as DynamoDB throttles them, and a call throttled three times fails the seed.
 */
function seedStore(db: Db): Db {
  const endpoint = process.env.DYNAMODB_LOCAL_ENDPOINT;
  if (!endpoint) return db;
  let store = directStores.get(db.table);
  if (!store) directStores.set(db.table, (store = createDb(db.table, endpoint)));
  return store;
}

/** Lot numbers as programs write them: buildings with and without a dash, accents, bare numbers (never zero-padded). */
const prefixes = ['A', 'B', 'C-', 'É', ''];

/** The `index`-th lot number of a seeded program: 'A1', 'B1', 'C-1', 'É1', '1', 'A2'… */
export function seededLotNumber(index: number): string {
  return `${prefixes[index % prefixes.length]}${Math.floor(index / prefixes.length) + 1}`;
}

/** Every `nameEvery`-th seeded lot's buyer is named this way (a search test's needle). */
export const seededRareName = 'Dupont-Éléonore';
export const nameEvery = 1_000;

/** A seeded id, the same in every process that knows what it names (`<program>:lot:<index>`): 24 hex digits, as `newObjectId`'s. */
function seededId(name: string): string {
  return createHash('sha256').update(name).digest('hex').slice(0, 24);
}

/**
 * The `count` lots `seedLots` writes for a program: buyers get full rows (address, phones, second
 * e-mail), so a page weighs what a real program's does. Their ids follow from the program's, so a
 * file reading a program another file seeded (test/support/big-world.ts) knows them without
 * reading them back.
 */
export function seededLots(programId: string, count: number, createdAt: string): Lot[] {
  return Array.from({ length: count }, (_, index) => ({
    _id: seededId(`${programId}:lot:${index}`),
    program: programId,
    lotcomm: seededLotNumber(index),
    lotcopro: String(index + 1),
    titre: 'M. et Mme',
    firstname: 'Jean-Baptiste',
    nom: index % nameEvery === 0 ? seededRareName : `Acquéreur ${index + 1}`,
    adresse: `${index + 1} avenue des Acquéreurs de Longue Date`,
    codepostal: '69003',
    ville: 'Lyon',
    telephonemonsieur: '06 10 00 00 00',
    telephonemadame: '06 20 00 00 00',
    mailmonsieur: `lot${index + 1}.${programId}@big-program.test`,
    mailmadame: `madame${index + 1}.${programId}@big-program.test`,
    typologie: (['1p', '2p', '3p', '4p', '5p'] as const)[index % 5],
    batiment: `Bâtiment ${prefixes[index % prefixes.length] || 'Central'}`,
    etage: String(index % 12),
    createdAt,
    updatedAt: createdAt,
  }));
}

/**
 * A program of `count` lots written straight through the repository's batch put (10,000 lots in
 * seconds, where the HTTP import would take minutes), with the program's lot count set as an
 * import sets it.
 */
export async function seedLots(db: Db, programId: string, count: number, createdAt = new Date().toISOString()): Promise<Lot[]> {
  db = seedStore(db);
  const lots = seededLots(programId, count, createdAt);
  await putLots(db, lots);
  await setLotCount(db, programId, count);
  return lots;
}

/**
 * The item a repository's single put would write, caught instead of sent: a seed then writes
 * thousands of them 25 to a BatchWrite, exactly as the product stores them, where one put each
 * cost a request (and its SDK round) per item.
 */
async function storedItem(db: Db, put: (capture: Db) => Promise<unknown>): Promise<Record<string, unknown>> {
  let item: Record<string, unknown> | undefined;
  const send = async (command: { input: { Item?: Record<string, unknown> } }) => {
    item = command.input.Item;
    return {};
  };
  // Only `send` is used by a repository's put; the rest of the client is never reached.
  await put({ table: db.table, doc: { send } as unknown as Db['doc'] });
  if (!item) throw new Error('storedItem: the put sent no item');
  return item;
}

/** Puts `items` as they are, 25 per BatchWrite, 8 calls in flight (the product's batch writer). */
export async function putItems(db: Db, items: Record<string, unknown>[]): Promise<void> {
  await batchWrite(
    seedStore(db),
    items.map((Item) => ({ PutRequest: { Item } })),
    8,
  );
}

/** What a seeded meeting adds to the planning's first one: its uuid, its buyer, its visit. */
export type PlacedMeeting = Pick<MeetingRecord, 'uuid' | 'start' | 'end' | 'amoNb' | 'isBooked'> & {
  guest: Pick<MeetingRecord['guest'], '_id' | 'lotcomm' | 'nom' | 'email' | 'mailmonsieur'>;
};

/**
 * One buyer per lot, placed one after the other a quarter of an hour apart over the planning's
 * AMO columns 0 and 1; the uuids follow from the planning's id (UUID-shaped), so a file reading
 * a planning another file seeded knows them without reading them back.
 */
export function placedMeetings(planningId: string, lots: Pick<Lot, '_id' | 'lotcomm' | 'nom' | 'mailmonsieur'>[]): PlacedMeeting[] {
  const start = Date.parse('2027-03-01T07:00:00.000Z');
  return lots.map((lot, index) => {
    const hex = createHash('sha256').update(`${planningId}:meeting:${index}`).digest('hex');
    return {
      uuid: `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`,
      guest: { _id: lot._id, lotcomm: lot.lotcomm, nom: lot.nom, email: lot.mailmonsieur, mailmonsieur: lot.mailmonsieur },
      isBooked: true,
      start: new Date(start + index * 900_000).toISOString(),
      end: new Date(start + index * 900_000 + 3_600_000).toISOString(),
      amoNb: index % 2,
    };
  });
}

/**
 * `placedMeetings` written into an existing planning, each its first meeting copied with the
 * placed one's fields (a 10,000-buyer planning in seconds, where a creation would take minutes).
 */
export async function seedPlacedMeetings(db: Db, planningId: string, lots: Lot[]): Promise<PlacedMeeting[]> {
  db = seedStore(db);
  const state = await loadPlanningState(db, planningId);
  if (!state || state.meetings.length === 0) throw new Error('seedPlacedMeetings: the planning needs a meeting to copy');
  const model = state.meetings[0];
  const meetings = placedMeetings(planningId, lots);
  await putItems(
    db,
    meetings.map((meeting) => meetingItem({ ...model, ...meeting, guest: { ...model.guest, ...meeting.guest } })),
  );
  return meetings;
}

/** Which seeded delivery lines failed and which are still queued (the status filter's needles). */
export const seededDeliveryStatus = (index: number): Delivery['status'] => (index % 97 === 0 ? 'failed' : index % 101 === 0 ? 'queued' : 'sent');

/** The invitation e-mails `seedDeliveries` writes for these meetings, a second apart, as the sends record them. */
export function seededDeliveries(planningId: string, meetings: { uuid: string; guest: { mailmonsieur: string } }[]): Delivery[] {
  const start = Date.parse('2026-10-01T08:00:00.000Z');
  return meetings.map((meeting, index) => {
    const at = new Date(start + index * 1_000).toISOString();
    const status = seededDeliveryStatus(index);
    return {
      id: `invitation-${meeting.uuid}-email`,
      planningId,
      meetingUuid: meeting.uuid,
      kind: 'invitation',
      channel: 'email',
      to: meeting.guest.mailmonsieur,
      status,
      ...(status === 'failed' ? { reason: 'Adresse e-mail refusée par le serveur du destinataire' } : {}),
      at,
      queuedAt: at,
    };
  });
}

/** One invitation e-mail per meeting in the planning's delivery log. */
export async function seedDeliveries(db: Db, planningId: string, meetings: { uuid: string; guest: { mailmonsieur: string } }[]): Promise<Delivery[]> {
  db = seedStore(db);
  const deliveries = seededDeliveries(planningId, meetings);
  // Counted as recordDelivery counts them: each line marked, the log's counts item holding the tallies.
  await putItems(db, [
    ...deliveries.map((delivery) => ({ ...keys.delivery(planningId, delivery.queuedAt ?? delivery.at, delivery.id), ...delivery, counted: true })),
  ]);
  const tallies = deliveries.reduce<Record<string, number>>((counts, delivery) => ({ ...counts, [delivery.status]: (counts[delivery.status] ?? 0) + 1 }), {});
  await db.doc.send(
    new UpdateCommand({
      TableName: db.table,
      Key: keys.deliveryCounts(planningId),
      UpdateExpression: `ADD ${Object.keys(tallies)
        .map((_, index) => `#s${index} :n${index}`)
        .join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(Object.keys(tallies).map((status, index) => [`#s${index}`, status])),
      ExpressionAttributeValues: Object.fromEntries(Object.values(tallies).map((count, index) => [`:n${index}`, count])),
    }),
  );
  return deliveries;
}

/** Every `unreadEvery`-th seeded conversation waits for staff. */
export const unreadEvery = 3;

/**
 * One conversation per lot, its buyer's message a minute apart; the first `heavy` carry 300
 * answers of 1,000 characters each (about 350 KB stored: a page must also be bounded in bytes).
 */
export async function seedTickets(db: Db, programId: string, lots: Lot[], heavy = 4): Promise<TicketRecord[]> {
  const start = Date.parse('2026-09-01T08:00:00.000Z');
  const tickets: TicketRecord[] = lots.map((lot, index) => {
    const at = new Date(start + index * 60_000).toISOString();
    const sender = { _id: newObjectId(), name: `${lot.firstname} ${lot.nom}`, side: 'buyer' as const };
    return {
      _id: newObjectId(),
      housing: lot._id,
      program: programId,
      lotcomm: lot.lotcomm,
      buyerId: sender._id,
      subject: `Question sur le lot ${lot.lotcomm}`,
      message: 'Bonjour, pouvez-vous me confirmer la date de livraison et les finitions retenues pour la cuisine ?',
      files: [],
      sender,
      answers: index < heavy ? Array.from({ length: 300 }, () => ({ _id: newObjectId(), sender, message: 'x'.repeat(1_000), files: [], updatedAt: at })) : [],
      createdAt: at,
      lastMessageAt: at,
      unreadByStaff: index % unreadEvery === 0,
    };
  });
  await putItems(
    db,
    tickets.map((ticket) => ticketPut(db.table, ticket).Put.Item),
  );
  return tickets;
}

/**
 * One buyer visit per lot of the program (the planning tools' visites-3d, part 2 §5), with the
 * fields and links a real one carries, written straight through the visit's item.
 */
export async function seedVisits(db: Db, programId: string, lots: Pick<Lot, '_id' | 'lotcomm' | 'nom'>[]): Promise<VirtualVisitRecord[]> {
  const now = new Date().toISOString();
  const visits: VirtualVisitRecord[] = lots.map((lot, index) => ({
    _id: newObjectId(),
    uuid: `V${String(index).padStart(8, '0')}`,
    name: `Visite de ${lot.nom}, lot ${lot.lotcomm}`,
    promoter: newObjectId(),
    pointer: `Appartement ${lot.lotcomm}`,
    payload: `https://visites.example.test/tour/${programId}/${lot._id}/salon;https://visites.example.test/tour/${programId}/${lot._id}/cuisine`,
    email: `lot${index + 1}.${programId}@big-program.test`,
    startDate: '2026-10-01T00:00:00.000Z',
    endDate: '2026-10-22T00:00:00.000Z',
    sendMail: true,
    counter: index % 7,
    notified: true,
    createdAt: now,
    createdBy: newObjectId(),
    programId,
    lotId: lot._id,
    lotcomm: lot.lotcomm,
    planningId: newObjectId(),
    meetingUuid: randomUUID(),
  }));
  await putItems(
    db,
    visits.map((visit) => putNewVisitItem(db.table, visit).Put.Item),
  );
  return visits;
}

/** One document shared with each housing (part 1 §2 buyer area), a minute apart, as staff share them (8 puts in flight). */
export async function seedDocuments(db: Db, programId: string, housings: string[]): Promise<AreaFileRecord[]> {
  const start = Date.parse('2026-08-01T08:00:00.000Z');
  const documents: AreaFileRecord[] = housings.map((housing, index) => ({
    _id: newObjectId(),
    originalname: `Plan de vente du logement ${index + 1} - version définitive signée.pdf`,
    contentType: 'application/pdf',
    size: 1_250_000 + index,
    storageKey: `area/${programId}/${randomUUID()}.pdf`,
    uploadedAt: new Date(start + index * 60_000).toISOString(),
    uploaderId: newObjectId(),
    kind: 'document',
    program: programId,
    housing,
  }));
  await putItems(db, await Promise.all(documents.map((document) => storedItem(db, (capture) => putAreaFile(capture, document)))));
  return documents;
}
