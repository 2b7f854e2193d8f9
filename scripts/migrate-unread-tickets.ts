/**
 * One-off, after deploying the unread-first order of a program's messages (docs/architecture.md
 * « Bounded answers »): moves the conversations waiting for staff stored before it to the top of the
 * program's index. Safe to run twice.
 * `TABLE_NAME=<table> npx tsx scripts/migrate-unread-tickets.ts` with the deployment's AWS credentials.
 */
import { createDb } from '../functions/data/db';
import { prefixUnreadTicketKeys } from '../functions/data/unread-ticket-migration';

async function main(): Promise<void> {
  const table = process.env.TABLE_NAME;
  if (!table) throw new Error('TABLE_NAME manquant : le nom de la table DynamoDB du déploiement.');
  const moved = await prefixUnreadTicketKeys(createDb(table, process.env.DYNAMODB_ENDPOINT));
  console.log(`${moved} conversation(s) en attente replacée(s) en tête.`);
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
