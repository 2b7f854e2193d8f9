import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { batchWrite } from '../../functions/data/batch-write';
import { ensureTable } from '../../infra/local/create-table';
import { until } from './eventually';

/**
 * The demo data, seeded ONCE per run for every browser journey, then copied into each journey's own
 * table and data folder. Each journey used to seed it again through the real use cases (accounts
 * with scrypt, two plannings with the engine, bookings): about 50 s of CPU each on a loaded machine,
 * 27 times a run. The seed itself (crash safety, idempotence) is proven by demo-seed-crash and
 * local-runtime tests; a journey needs its result. The copy includes the data folder (signing keys,
 * stored files), so the links and tokens the seed made stay valid.
 *
 * globalSetup starts the seed in a child process and returns at once (the other projects' files run
 * meanwhile); the first journey waits for it.
 */
const root = resolve(__dirname, '../..');
const seedScript = join(root, 'test/support/seed-demo-template.ts');

interface DemoTemplate {
  table: string;
  dataDir: string;
  /** Written by the seeding child when it is done: 'ok', or the error. */
  doneFile: string;
}

/** Starts seeding the template; the workers find it through LIVREA_E2E_DEMO_TEMPLATE. */
export function startDemoTemplate(dynamoEndpoint: string): void {
  const dataDir = mkdtempSync(join(tmpdir(), 'livrea-demo-template-'));
  const template: DemoTemplate = { table: `demo-template-${process.pid}`, dataDir, doneFile: join(dataDir, 'seed-done') };
  const child = spawn(process.execPath, ['--import', 'tsx', seedScript], {
    cwd: root,
    env: {
      ...process.env,
      LIVREA_RUNTIME: 'local',
      TABLE_NAME: template.table,
      DYNAMODB_ENDPOINT: dynamoEndpoint,
      LIVREA_DATA_DIR: dataDir,
      LIVREA_TEMPLATE_DONE_FILE: template.doneFile,
      LOG_LEVEL: 'ERROR',
    },
    stdio: 'ignore',
    detached: true,
  });
  // jest may exit before a failed seed's child: the journeys then report it through the done file.
  child.unref();
  process.env.LIVREA_E2E_DEMO_TEMPLATE = JSON.stringify(template);
}

function currentTemplate(): DemoTemplate | undefined {
  const raw = process.env.LIVREA_E2E_DEMO_TEMPLATE;
  return raw ? (JSON.parse(raw) as DemoTemplate) : undefined;
}

async function seeded(template: DemoTemplate): Promise<void> {
  // A generous limit: the seed took 51 s on the 2-core machine at load average 20.
  await until('the demo template seeded (5 minutes at most)', () => existsSync(template.doneFile), 300_000);
  const outcome = readFileSync(template.doneFile, 'utf8');
  if (outcome !== 'ok') throw new Error(`seeding the demo template failed: ${outcome}`);
}

/**
 * Copies the seeded demo into `table` (created here) and `dataDir`. Without a template (a browser
 * journey started outside jest's e2e project) it does nothing, and the product seeds itself.
 */
export async function copyDemoTemplate(endpoint: string, table: string, dataDir: string): Promise<void> {
  const template = currentTemplate();
  if (!template) return;
  await seeded(template);
  const client = new DynamoDBClient({ endpoint, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const doc = DynamoDBDocumentClient.from(client);
  try {
    await ensureTable(client, table);
    const segments = 4;
    await Promise.all(
      Array.from({ length: segments }, async (_, segment) => {
        let cursor: Record<string, unknown> | undefined;
        do {
          const page = await doc.send(new ScanCommand({ TableName: template.table, Segment: segment, TotalSegments: segments, ExclusiveStartKey: cursor }));
          await batchWrite(
            { doc, table },
            (page.Items ?? []).map((Item) => ({ PutRequest: { Item } })),
          );
          cursor = page.LastEvaluatedKey;
        } while (cursor);
      }),
    );
  } finally {
    client.destroy();
  }
  cpSync(template.dataDir, dataDir, { recursive: true, filter: (source) => source !== template.doneFile });
}
