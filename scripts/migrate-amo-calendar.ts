/**
 * One-off, after deploying « One person, one calendar » (docs/scheduling.md): writes the AMO
 * calendar's index entries of the plannings stored before it, so that they claim their AMOs' time.
 * Safe to run twice, and again after a run cut short.
 * `TABLE_NAME=<table> npx tsx scripts/migrate-amo-calendar.ts` with the deployment's AWS credentials.
 */
import { createDb } from '../functions/data/db';
import { indexAmoNamingsOnce } from '../functions/data/amo-naming-migration';

async function main(): Promise<void> {
  const table = process.env.TABLE_NAME;
  if (!table) throw new Error('TABLE_NAME manquant : le nom de la table DynamoDB du déploiement.');
  const written = await indexAmoNamingsOnce(createDb(table, process.env.DYNAMODB_ENDPOINT));
  console.log(`${written} AMO nommé(s) inscrit(s) à l'agenda de la personne.`);
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
