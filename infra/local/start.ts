import { join } from 'node:path';
import { roleLabels } from '../../shared/domain/roles';
import { buildSpaIfNeeded } from './build-spa';
import { demoAccounts, demoPassword } from './demo-data';
import { LocalRuntimeError } from './dynamodb-local';
import { startLocalProduct } from './local-product';
import { projectRoot } from './project-root';
import { throughputModelWanted } from './throughput/throughput-setting';

/** `npm start`: builds the SPA when needed, then runs Livrea locally with demo data. */
const root = projectRoot();
const webDir = join(root, 'web/dist');
// part 3 §4: the demo's credits password when LIVREA_CREDITS_PASSWORD_HASH is not set (README).
const demoCreditsPassword = 'demo-credits';

async function main(): Promise<void> {
  const port = Number(process.env.PORT ?? 3000);
  buildSpaIfNeeded(root);
  const { hashPassword } = await import('../../functions/core/security/password-hashing');
  const demoCredits = !process.env.LIVREA_CREDITS_PASSWORD_HASH?.trim();
  if (demoCredits) process.env.LIVREA_CREDITS_PASSWORD_HASH = await hashPassword(demoCreditsPassword);
  const product = await startLocalProduct({
    port,
    webDir,
    dataDir: process.env.LIVREA_DATA_DIR ?? join(root, '.data'),
    dynamoEndpoint: process.env.DYNAMODB_ENDPOINT || undefined,
    inMemory: process.env.LIVREA_IN_MEMORY === '1',
    tableName: process.env.TABLE_NAME || undefined,
    // LIVREA_SEED=0: no demo data (the crash test runs Livrea on a table of its own data).
    seed: process.env.LIVREA_SEED !== '0',
    // DynamoDB's partition limits modelled unless LIVREA_DYNAMODB_THROUGHPUT=off (docs/architecture.md « DynamoDB's limits on the local runtime »).
    throughputModel: throughputModelWanted(process.env),
  });
  console.log(`\nLivrea est prêt : ${product.url}${product.seeded === 'seeded' ? ' (données de démonstration créées)' : ''}`);
  console.log(`${product.workers} processus de traitement (comme ${product.workers} instances Lambda ; LIVREA_WORKERS pour en changer)`);
  if (product.throughputEndpoint)
    console.log(
      `Limites de débit de DynamoDB simulées (3 000 lectures et 1 000 écritures par seconde et par clé de partition ; LIVREA_DYNAMODB_THROUGHPUT=off pour les retirer) : ${product.throughputEndpoint}/__livrea/throughput`,
    );
  console.log(`Comptes de démonstration (mot de passe « ${demoPassword} ») :`);
  for (const account of demoAccounts) console.log(`  ${roleLabels[account.role].padEnd(15)} ${account.email}`);
  if (demoCredits) console.log(`Mot de passe des crédits des entités de facturation : « ${demoCreditsPassword} »`);
  // A newcomer has no other way to find a buyer's /entrevue link.
  const { getDeps } = await import('../../functions/runtime/deps');
  const { demoBookingLinks } = await import('./demo-links');
  const links = await demoBookingLinks(getDeps(), 3);
  if (links.length > 0) console.log('Pages de rendez-vous de quelques acquéreurs de démonstration :');
  for (const link of links) console.log(`  ${link.guestName.padEnd(15)} ${link.url}${link.booked ? ' (déjà réservé)' : ''}`);
  console.log(`Boîte d'envoi locale (e-mails et SMS) : ${product.url}/dev/outbox\nCtrl-C pour arrêter.`);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nArrêt de Livrea…');
    await product.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error instanceof LocalRuntimeError ? `Erreur : ${error.message}` : error);
  process.exit(1);
});
