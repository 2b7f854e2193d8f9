import { GetCommand, PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './db';

/**
 * A data migration run once per table (docs/deploy.md): one Scan of the items `filter` finds,
 * never on a request path, each page handed to `migrate`, which answers how many it changed; a
 * marker item `MIGRATION#<name>` then says it was done, so every later run only reads the marker.
 * The local runtime runs the migrations at start, a deployment with their scripts. Answers how
 * many items were changed (0 once done).
 */
export async function runOneOffMigration(
  db: Db,
  name: string,
  filter: { expression: string; values: Record<string, unknown> },
  migrate: (items: Record<string, unknown>[]) => Promise<number>,
): Promise<number> {
  const marker = { pk: `MIGRATION#${name}`, sk: 'DONE' };
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: marker }));
  if (Item) return 0;
  let changed = 0;
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db.doc.send(
      new ScanCommand({ TableName: db.table, FilterExpression: filter.expression, ExpressionAttributeValues: filter.values, ExclusiveStartKey: cursor }),
    );
    changed += await migrate(page.Items ?? []);
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  await db.doc.send(new PutCommand({ TableName: db.table, Item: { ...marker, at: new Date().toISOString(), changed } }));
  return changed;
}
