import { BatchWriteCommand, GetCommand, PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { lotSchema } from '../../shared/domain/lot';
import { type Db, withoutKeys } from './db';
import { lotItem } from './lots-repository';

const marker = { pk: 'MIGRATION#lot-order', sk: 'DONE' };

/**
 * Lots stored before the lot-number order index (docs/architecture.md « Bounded answers ») have
 * neither its keys nor their search text, so the paged lot list would not show them: each is
 * written again as lots are written now. Once per table (a marker item says it was done): the local
 * runtime runs it at start, a deployment with `npx tsx scripts/migrate-lot-order.ts`. The only
 * Scan besides the purge job's, never on a request path. Answers how many lots it wrote.
 */
export async function addMissingLotOrderKeys(db: Db): Promise<number> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: marker }));
  if (Item) return 0;
  let written = 0;
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db.doc.send(
      new ScanCommand({
        TableName: db.table,
        FilterExpression: 'begins_with(pk, :program) AND begins_with(sk, :lot) AND attribute_not_exists(gsi1pk)',
        ExpressionAttributeValues: { ':program': 'PROGRAM#', ':lot': 'LOT#' },
        ExclusiveStartKey: cursor,
      }),
    );
    const lots = (page.Items ?? []).map((item) => lotSchema.parse(withoutKeys(item)));
    for (let start = 0; start < lots.length; start += 25) {
      let request: Record<string, { PutRequest: { Item: Record<string, unknown> } }[]> | undefined = {
        [db.table]: lots.slice(start, start + 25).map((lot) => ({ PutRequest: { Item: lotItem(lot) } })),
      };
      while (request && Object.keys(request).length > 0)
        request = (await db.doc.send(new BatchWriteCommand({ RequestItems: request }))).UnprocessedItems as typeof request;
    }
    written += lots.length;
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  await db.doc.send(new PutCommand({ TableName: db.table, Item: { ...marker, at: new Date().toISOString(), written } }));
  return written;
}
