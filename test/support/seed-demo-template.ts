import { writeFileSync } from 'node:fs';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ensureTable } from '../../infra/local/create-table';
import { seedDemoOnce } from '../../infra/local/seed-demo';
import { getDeps } from '../../functions/runtime/deps';
import { runDueJobs } from './due-jobs';

/**
 * Run by test/support/demo-template.ts in a child process: seeds the demo into the template table
 * (TABLE_NAME, LIVREA_DATA_DIR) through the real use cases, delivers the jobs the seed left due, then
 * says so in the done file.
 */
async function seedTemplate(): Promise<void> {
  const done = process.env.LIVREA_TEMPLATE_DONE_FILE!;
  try {
    const client = new DynamoDBClient({
      endpoint: process.env.DYNAMODB_ENDPOINT,
      region: 'eu-west-3',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    await ensureTable(client, process.env.TABLE_NAME!);
    await seedDemoOnce(getDeps());
    // The demo as `npm start` shows it once its poller has run: the seed's mails sent here, once,
    // rather than by each journey's product after it copies the template (about 3 s of DynamoDB
    // Local's CPU per journey).
    await runDueJobs();
    writeFileSync(done, 'ok');
  } catch (error) {
    writeFileSync(done, error instanceof Error ? (error.stack ?? error.message) : String(error));
  }
  process.exit(0);
}

void seedTemplate();
