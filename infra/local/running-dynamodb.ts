import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';

/**
 * Where a running `npm start` left the address of the DynamoDB Local it opened on its data folder
 * (the folder's database file has one reader at a time), so that `npm run demo:big` writes into
 * the running Livrea rather than asking the user to stop it. Removed when Livrea stops; a file left
 * by a killed Livrea names a process that is gone, or an address nothing answers on, and is ignored.
 */
export interface RunningDynamoDb {
  endpoint: string;
  table: string;
  /** Livrea's own address (the URLs the demo prints). */
  url: string;
  pid: number;
}

const fileIn = (dataDir: string) => join(dataDir, 'running-dynamodb.json');

export async function recordRunningDynamoDb(dataDir: string, running: Omit<RunningDynamoDb, 'pid'>): Promise<void> {
  await writeFile(fileIn(dataDir), JSON.stringify({ ...running, pid: process.pid }));
}

export async function forgetRunningDynamoDb(dataDir: string): Promise<void> {
  await rm(fileIn(dataDir), { force: true });
}

/** The running Livrea's DynamoDB Local on `dataDir`, if one is running and answers. */
export async function runningDynamoDbEndpoint(dataDir: string): Promise<RunningDynamoDb | undefined> {
  let running: RunningDynamoDb;
  try {
    running = JSON.parse(await readFile(fileIn(dataDir), 'utf8')) as RunningDynamoDb;
    process.kill(running.pid, 0);
  } catch {
    return undefined;
  }
  const client = new DynamoDBClient({ endpoint: running.endpoint, region: 'eu-west-3', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  try {
    await client.send(new ListTablesCommand({ Limit: 1 }), { abortSignal: AbortSignal.timeout(3_000) });
    return running;
  } catch {
    return undefined;
  } finally {
    client.destroy();
  }
}
