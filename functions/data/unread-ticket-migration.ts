import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type Db, conditionHeld } from './db';
import { runOneOffMigration } from './one-off-migration';

/**
 * Conversations waiting for staff stored before the program's index put them first (gsi2sk
 * `U#<lastMessageAt>#<id>`, docs/architecture.md « Bounded answers ») keep their old key and show
 * among the read ones: each gets the `U#` prefix, conditioned on its key being unchanged (a message
 * written meanwhile already moved it). Once per table: the local runtime runs it at start, a
 * deployment with `npx tsx scripts/migrate-unread-tickets.ts`. Answers how many it moved.
 */
export function prefixUnreadTicketKeys(db: Db): Promise<number> {
  return runOneOffMigration(
    db,
    'unread-ticket-order',
    {
      expression: 'begins_with(pk, :ticket) AND sk = :ticketSk AND unreadByStaff = :yes AND NOT begins_with(gsi2sk, :unread)',
      values: { ':ticket': 'TICKET#', ':ticketSk': 'TICKET', ':yes': true, ':unread': 'U#' },
    },
    async (items) => {
      let moved = 0;
      for (const item of items) {
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
      return moved;
    },
  );
}
