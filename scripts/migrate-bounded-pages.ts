/**
 * One-off, after deploying the delivery log's counts and the buyer visits' lot-number order
 * (docs/architecture.md « Bounded answers »): counts the log lines stored before the counts, and
 * gives the visits indexed before the order their sort key. Safe to run twice.
 * `TABLE_NAME=<table> npx tsx scripts/migrate-bounded-pages.ts` with the deployment's AWS credentials.
 */
import { createDb } from '../functions/data/db';
import { countDeliveriesOnce } from '../functions/data/delivery-count-migration';
import { addMissingVisitOrderKeys } from '../functions/data/visit-order-migration';

async function main(): Promise<void> {
  const table = process.env.TABLE_NAME;
  if (!table) throw new Error('TABLE_NAME manquant : le nom de la table DynamoDB du déploiement.');
  const db = createDb(table, process.env.DYNAMODB_ENDPOINT);
  console.log(`${await countDeliveriesOnce(db)} envoi(s) du journal compté(s).`);
  console.log(`${await addMissingVisitOrderKeys(db)} visite(s) 3D rangée(s) par numéro de lot.`);
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
