import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { batchGetItems, commitTransaction, createDb } from '../../../functions/data/db';
import { ensureTable } from '../../../infra/local/create-table';
import { startDynamoDbLocal, type RunningDynamoDb } from '../../../infra/local/dynamodb-local';
import { randomMoment, until } from '../../support/eventually';

/**
 * The embedded database keeps what it acknowledged: DynamoDB Local killed (SIGKILL, nothing else
 * stopped) while 8 writers commit transactions, restarted on the same folder, holds every
 * transaction it answered. DynamoDB Local answers a transaction before its SQLite COMMIT runs
 * (functions/adapters/local/commit-barrier.ts); the local client waits for it.
 */
const writers = 8;
// As `npm start` on its data folder sets it (LIVREA_COMMIT_BARRIER=0 measures the loss without it).
process.env.LIVREA_COMMIT_BARRIER ??= '1';
const rounds = Number(process.env.DURABILITY_ROUNDS ?? 3);

/** Writes transactions from `writers` writers until DynamoDB Local is killed under them; the keys it acknowledged. */
async function writeUntilKilled(dynamo: RunningDynamoDb, table: string): Promise<string[]> {
  const db = createDb(table, dynamo.endpoint);
  const acknowledged: string[] = [];
  let killed = false;
  const write = async (writer: number) => {
    for (let n = 0; !killed; n += 1) {
      const key = `${Date.now()}-${writer}-${n}`;
      try {
        await commitTransaction(db, [
          { Put: { TableName: table, Item: { pk: `DURABLE#${key}`, sk: 'A', writer } } },
          { Put: { TableName: table, Item: { pk: `DURABLE#${key}`, sk: 'B', writer } } },
        ]);
        acknowledged.push(key);
      } catch {
        return;
      }
    }
  };
  const running = Array.from({ length: writers }, (_, writer) => write(writer));
  // Kill once the writers are in full flow (a few answers each), whatever the transaction in progress.
  await until('the writers in full flow', () => acknowledged.length >= writers * 3, 60_000, 20).catch(() => undefined);
  await randomMoment(0, 300);
  killed = true;
  await dynamo.kill();
  await Promise.all(running);
  db.doc.destroy();
  return acknowledged;
}

describe('DynamoDB Local durability (the embedded default keeps what it acknowledged)', () => {
  it(
    `every transaction acknowledged before a SIGKILL of DynamoDB Local alone is there after a restart on the same folder (${writers} writers, ${rounds} kills)`,
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'livrea-durable-'));
      const table = 'durable';
      const lost: string[] = [];
      let total = 0;
      let dynamo = await startDynamoDbLocal({ dataDir });
      try {
        await ensureTable(dynamo.client, table);
        for (let round = 0; round < rounds; round += 1) {
          const acknowledged = await writeUntilKilled(dynamo, table);
          total += acknowledged.length;
          // Restarted on the same folder: everything it answered is there (and the next round writes on).
          dynamo = await startDynamoDbLocal({ dataDir });
          const db = createDb(table, dynamo.endpoint);
          const keys = acknowledged.flatMap((key) => [
            { pk: `DURABLE#${key}`, sk: 'A' },
            { pk: `DURABLE#${key}`, sk: 'B' },
          ]);
          const found = new Set((await batchGetItems(db, keys, { consistent: true })).map((item) => `${String(item.pk)}|${String(item.sk)}`));
          lost.push(...keys.filter((key) => !found.has(`${key.pk}|${key.sk}`)).map((key) => `${key.pk}|${key.sk}`));
          db.doc.destroy();
        }
      } finally {
        await dynamo.stop();
      }
      console.log(
        `durability: ${total} acknowledged transactions over ${rounds} kills, ${lost.length} items missing (barrier ${process.env.LIVREA_COMMIT_BARRIER === '1' ? 'on' : 'off'})`,
      );
      expect(total).toBeGreaterThan(rounds * writers);
      expect(lost).toEqual([]);
    },
    60_000 + rounds * 90_000,
  );
});

describe('DynamoDB Local starts without telemetry', () => {
  it('its JVM runs with -disableTelemetry (no calls to AWS at each start and stop), in memory when no data folder is given', async () => {
    const dynamo = await startDynamoDbLocal();
    try {
      const commandLine = readFileSync(`/proc/${dynamo.pid}/cmdline`, 'utf8').split('\0');
      expect(commandLine).toEqual(expect.arrayContaining(['-disableTelemetry', '-inMemory', '-sharedDb']));
      expect(commandLine[0]).toBe('java');
    } finally {
      await dynamo.stop();
    }
  });
});
