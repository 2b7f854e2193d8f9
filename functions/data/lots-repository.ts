import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { lotPickerFields, lotPickerSchema, lotSchema, type Lot, type LotPick } from '../../shared/domain/lot';
import { lotOrderKey, lotOrderSeparator, lotSearchText } from '../../shared/domain/lot-order';
import { type Db, withoutKeys, batchGetItems } from './db';
import { batchWrite } from './batch-write';
import { keys } from './keys';

// List Lots Of Program
export async function listLots(db: Db, programId: string): Promise<Lot[]> {
  const lots: Lot[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db.doc.send(
      new QueryCommand({
        TableName: db.table,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': `PROGRAM#${programId}`, ':prefix': 'LOT#' },
        ExclusiveStartKey: cursor,
      }),
    );
    lots.push(...(page.Items ?? []).map((item) => lotSchema.parse(withoutKeys(item))));
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  return lots;
}

// Get Lot
export async function getLot(db: Db, programId: string, lotId: string): Promise<Lot | null> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.lot(programId, lotId) }));
  return Item ? lotSchema.parse(withoutKeys(Item)) : null;
}

/** The index of a program's lots in lot-number order (gsi1, docs/architecture.md « Bounded answers »). */
const lotsInOrder = (programId: string) => `PROGRAM#${programId}#LOTS`;

/** A lot's place in its program's lot-number order: its order key, then its id (two lots may share a number's key). */
function lotOrderPosition(lot: Pick<Lot, 'lotcomm' | '_id'>): string {
  return `${lotOrderKey(lot.lotcomm)}${lotOrderSeparator}${lot._id}`;
}

// Get Lots By Ids (those that exist; a planning's creation reads the buyers of one step)
export async function getLots(db: Db, programId: string, lotIds: string[]): Promise<Lot[]> {
  const items = await batchGetItems(
    db,
    [...new Set(lotIds)].map((lotId) => keys.lot(programId, lotId)),
  );
  return items.map((item) => lotSchema.parse(withoutKeys(item)));
}

/** A lot as stored: its keys, its place in the lot-number order (gsi1) and its search text. */
export function lotItem(lot: Lot) {
  return { ...keys.lot(lot.program, lot._id), gsi1pk: lotsInOrder(lot.program), gsi1sk: lotOrderPosition(lot), lotSearch: lotSearchText(lot), ...lot };
}

/**
 * A buyer's main e-mail belongs to one program: a claim item per e-mail (read 100 at a time with
 * BatchGet) tells an import which e-mails another program already uses.
 */
// Programs Claiming These E-mails
export async function lotEmailClaims(db: Db, emails: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(emails.map((email) => email.toLowerCase()))];
  const items = await batchGetItems(
    db,
    unique.map((email) => keys.lotEmailClaim(email)),
  );
  return new Map(items.map((item) => [String(item.pk).slice('LOTMAIL#'.length), String(item.programId)]));
}

function secondEmailItem(lot: Lot) {
  return lot.mailmadame ? [{ ...keys.lotSecondEmail(lot.mailmadame, lot.program), programId: lot.program }] : [];
}

/**
 * Programs Whose Lots Carry This Second E-mail (`mailmadame`). An item is never removed when a lot's
 * second e-mail changes: readers re-check the lots themselves, so a stale item links nothing.
 */
export async function programsWithSecondEmail(db: Db, email: string): Promise<string[]> {
  const { Items } = await db.doc.send(
    new QueryCommand({
      TableName: db.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': `LOTMAIL#${email.toLowerCase()}`, ':prefix': 'MADAME#' },
    }),
  );
  return (Items ?? []).map((item) => String(item.programId));
}

/**
 * 16 BatchWrites in flight wrote twice as many items a second as 8 on DynamoDB Local (an import of
 * 10,000 rows writes about 30,000).
 */
const lotWriteConcurrency = 16;

// Put Lot (and its e-mail claim)
export async function putLot(db: Db, lot: Lot, previousEmail?: string): Promise<void> {
  await db.doc.send(new PutCommand({ TableName: db.table, Item: lotItem(lot) }));
  if (previousEmail && previousEmail.toLowerCase() !== lot.mailmonsieur.toLowerCase()) {
    await batchWrite(db, [{ DeleteRequest: { Key: keys.lotEmailClaim(previousEmail) } }]);
  }
  await db.doc.send(new PutCommand({ TableName: db.table, Item: { ...keys.lotEmailClaim(lot.mailmonsieur), programId: lot.program, lotId: lot._id } }));
  for (const item of secondEmailItem(lot)) await db.doc.send(new PutCommand({ TableName: db.table, Item: item }));
}

/** Writes many lots and the claims of their e-mails (an import of thousands of rows). */
export async function putLots(db: Db, lots: Lot[], claimedAlready: Set<string> = new Set()): Promise<void> {
  await batchWrite(
    db,
    lotsItems(lots, claimedAlready).map((Item) => ({ PutRequest: { Item } })),
    lotWriteConcurrency,
  );
}

/** The items putLots writes for `lots`: each lot, the claim of its e-mail, its second e-mail's (also for a seed writing them its own way). */
export function lotsItems(lots: Lot[], claimedAlready: Set<string> = new Set()): Record<string, unknown>[] {
  return [
    ...lots.map(lotItem),
    ...lots
      .filter((lot) => !claimedAlready.has(lot.mailmonsieur.toLowerCase()))
      .map((lot) => ({ ...keys.lotEmailClaim(lot.mailmonsieur), programId: lot.program, lotId: lot._id })),
    // One item per (e-mail, program): a batch may not carry the same key twice.
    ...new Map(lots.flatMap(secondEmailItem).map((item) => [`${item.pk}|${item.sk}`, item])).values(),
  ];
}

// Delete All Lots Of Program (and their e-mail claims)
export async function deleteLots(db: Db, programId: string): Promise<void> {
  const lots = await listLots(db, programId);
  await batchWrite(
    db,
    [
      ...lots.map((lot) => ({ DeleteRequest: { Key: keys.lot(programId, lot._id) } })),
      ...lots.map((lot) => ({ DeleteRequest: { Key: keys.lotEmailClaim(lot.mailmonsieur) } })),
      ...[...new Set(lots.flatMap((lot) => (lot.mailmadame ? [lot.mailmadame.toLowerCase()] : [])))].map((email) => ({
        DeleteRequest: { Key: keys.lotSecondEmail(email, programId) },
      })),
    ],
    lotWriteConcurrency,
  );
}

/** A page of lots read in order, and where the next page starts (the last lot's position), if any. */
export interface LotsInOrder<T> {
  lots: T[];
  next: string | null;
}

/** Items a search may read for one page: a search matching little stops there and answers a shorter page with its cursor. */
const maxLotsReadPerSearch = 2_000;

/**
 * List Lots Of Program In Order, a page at a time (docs/architecture.md « Bounded answers »): at
 * most `limit` lots after position `after`, read from gsi1 in lot-number order. `search` (folded
 * text) keeps the lots whose number, name or e-mail contains it, reading at most
 * `maxLotsReadPerSearch` lots. `picker` reads only the fields of `lotPickerSchema`.
 */
export async function listLotsInOrder(
  db: Db,
  programId: string,
  options: { after?: string; limit: number; search?: string; picker: true },
): Promise<LotsInOrder<LotPick>>;
export async function listLotsInOrder(
  db: Db,
  programId: string,
  options: { after?: string; limit: number; search?: string; picker?: false },
): Promise<LotsInOrder<Lot>>;
export async function listLotsInOrder(
  db: Db,
  programId: string,
  options: { after?: string; limit: number; search?: string; picker?: boolean },
): Promise<LotsInOrder<Lot | LotPick>> {
  const { after, limit, search, picker } = options;
  const fields = picker ? [...lotPickerFields, 'gsi1sk'] : undefined;
  const startOf = (position: string) => ({
    ...keys.lot(programId, position.slice(position.lastIndexOf(lotOrderSeparator) + 1)),
    gsi1pk: lotsInOrder(programId),
    gsi1sk: position,
  });
  const items: Record<string, unknown>[] = [];
  let start = after ? startOf(after) : undefined;
  let read = 0;
  for (;;) {
    const page = await db.doc.send(
      new QueryCommand({
        TableName: db.table,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ...(search ? { FilterExpression: 'contains(lotSearch, :search)' } : {}),
        ExpressionAttributeValues: { ':pk': lotsInOrder(programId), ...(search ? { ':search': search } : {}) },
        ...(fields
          ? {
              ProjectionExpression: fields.map((_, index) => `#f${index}`).join(', '),
              ExpressionAttributeNames: Object.fromEntries(fields.map((field, index) => [`#f${index}`, field])),
            }
          : {}),
        // One more than the page: a full page knows whether another follows.
        Limit: search ? Math.min(500, maxLotsReadPerSearch - read) : limit - items.length + 1,
        ExclusiveStartKey: start,
      }),
    );
    read += page.ScannedCount ?? 0;
    items.push(...(page.Items ?? []));
    if (items.length > limit) {
      items.length = limit;
      break;
    }
    if (!page.LastEvaluatedKey) return { lots: items.map((item) => parseLot(item, picker)), next: null };
    start = page.LastEvaluatedKey as ReturnType<typeof startOf>;
    // A search past its reading budget answers what it found, and goes on from where it stopped.
    if (search && read >= maxLotsReadPerSearch) return { lots: items.map((item) => parseLot(item, picker)), next: String(start.gsi1sk) };
  }
  return { lots: items.map((item) => parseLot(item, picker)), next: String(items[items.length - 1].gsi1sk) };
}

function parseLot(item: Record<string, unknown>, picker?: boolean): Lot | LotPick {
  return picker ? lotPickerSchema.parse(item) : lotSchema.parse(withoutKeys(item));
}
