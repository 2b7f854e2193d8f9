import { GetCommand, PutCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type Db, conditionHeld } from './db';

const marker = { pk: 'MIGRATION#unread-ticket-order', sk: 'DONE' };

/**
 * Conversations waiting for staff stored before the program's index put them first (gsi2sk
 * `U#<lastMessageAt>#<id>`, docs/architecture.md « Bounded answers ») keep their old key and show
 * among the read ones: each gets the `U#` prefix, conditioned on its key being unchanged (a message
 * written meanwhile already moved it). Once per table (a marker item says it was done): the local
 * runtime runs it at start, a deployment with `npx tsx scripts/migrate-unread-tickets.ts`. A Scan,
 * never on a request path. Answers how many conversations it moved.
 */
export async function prefixUnreadTicketKeys(db: Db): Promise<number> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: marker }));
  if (Item) return 0;
  let moved = 0;
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db.doc.send(
      new ScanCommand({
        TableName: db.table,
        FilterExpression: 'begins_with(pk, :ticket) AND sk = :ticketSk AND unreadByStaff = :yes AND NOT begins_with(gsi2sk, :unread)',
        ExpressionAttributeValues: { ':ticket': 'TICKET#', ':ticketSk': 'TICKET', ':yes': true, ':unread': 'U#' },
        ExclusiveStartKey: cursor,
      }),
    );
    for (const item of page.Items ?? []) {
      const held = await conditionHeld(
        db.doc.send(
          new UpdateCommand({
            TableName: db.table,
            Key: { pk: item.pk, sk: item.sk },
            UpdateExpression: 'SET gsi2sk = :moved',
            ConditionExpression: 'gsi2sk = :old AND unreadByStaff = :yes',
            ExpressionAttributeValues: { ':moved': `U#${String(item.gsi2sk)}`, ':old': item.gsi2sk, ':yes': true },
          }),
        ),
      );
      if (held) moved += 1;
    }
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  await db.doc.send(new PutCommand({ TableName: db.table, Item: { ...marker, at: new Date().toISOString(), moved } }));
  return moved;
}
