/**
 * One-off, after deploying the lot-number order index (docs/architecture.md « Bounded answers »):
 * writes again the lots stored before it, so the paged lot list shows them. Safe to run twice.
 * `TABLE_NAME=<table> npx tsx scripts/migrate-lot-order.ts` with the deployment's AWS credentials.
 */
import { createDb } from '../functions/data/db';
import { addMissingLotOrderKeys } from '../functions/data/lot-order-migration';

async function main(): Promise<void> {
  const table = process.env.TABLE_NAME;
  if (!table) throw new Error('TABLE_NAME manquant : le nom de la table DynamoDB du déploiement.');
  const written = await addMissingLotOrderKeys(createDb(table, process.env.DYNAMODB_ENDPOINT));
  console.log(`${written} lot(s) réécrit(s) avec leur clé d'ordre.`);
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
