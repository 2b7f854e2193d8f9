import { BatchWriteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { lotSchema, type Lot } from '../../shared/domain/lot';
import { type Db, withoutKeys } from './db';
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

/** Lots are found by their buyer's main e-mail through gsi2 (e-mails known in another program). */
function lotItem(lot: Lot) {
  return { ...keys.lot(lot.program, lot._id), gsi2pk: `LOTMAIL#${lot.mailmonsieur.toLowerCase()}`, gsi2sk: `${lot.program}#${lot._id}`, ...lot };
}

// Put Lot
export async function putLot(db: Db, lot: Lot): Promise<void> {
  await db.doc.send(new PutCommand({ TableName: db.table, Item: lotItem(lot) }));
}

// Programs Holding A Lot With This Main E-mail
export async function programsWithLotEmail(db: Db, email: string): Promise<string[]> {
  const { Items = [] } = await db.doc.send(
    new QueryCommand({ TableName: db.table, IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :pk', ExpressionAttributeValues: { ':pk': `LOTMAIL#${email.toLowerCase()}` }, ProjectionExpression: 'program' }),
  );
  return [...new Set(Items.map((item) => String(item.program)))];
}

// Delete All Lots Of Program
export async function deleteLots(db: Db, programId: string): Promise<void> {
  const lots = await listLots(db, programId);
  for (let start = 0; start < lots.length; start += 25) {
    let request: Record<string, { DeleteRequest: { Key: Record<string, unknown> } }[]> | undefined = {
      [db.table]: lots.slice(start, start + 25).map((lot) => ({ DeleteRequest: { Key: keys.lot(programId, lot._id) } })),
    };
    while (request && Object.keys(request).length > 0) {
      const result = await db.doc.send(new BatchWriteCommand({ RequestItems: request }));
      request = result.UnprocessedItems as typeof request;
    }
  }
}

/** Writes many lots, 25 per batch, retrying unprocessed items (an import of thousands of rows). */
export async function putLots(db: Db, lots: Lot[]): Promise<void> {
  const batches: Lot[][] = [];
  for (let start = 0; start < lots.length; start += 25) batches.push(lots.slice(start, start + 25));
  const parallel = 8;
  for (let start = 0; start < batches.length; start += parallel) {
    await Promise.all(
      batches.slice(start, start + parallel).map(async (batch) => {
        let request: Record<string, { PutRequest: { Item: Record<string, unknown> } }[]> | undefined = {
          [db.table]: batch.map((lot) => ({ PutRequest: { Item: lotItem(lot) } })),
        };
        for (let attempt = 0; request && Object.keys(request).length > 0; attempt += 1) {
          if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 50 * 2 ** attempt)));
          const result = await db.doc.send(new BatchWriteCommand({ RequestItems: request }));
          request = result.UnprocessedItems as typeof request;
        }
      }),
    );
  }
}
