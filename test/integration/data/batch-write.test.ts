import { Agent } from 'node:http';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { startThroughputProxy, type ThroughputProxy } from '../../../infra/local/throughput/throughput-proxy';
import { batchWrite } from '../../../functions/data/batch-write';
import { queryWholePartition, type Db } from '../../../functions/data/db';
import { ensureTestTable } from '../../support/test-api';

/**
 * The product's batch writer (a program's lots, a news' badges, deletions) against DynamoDB's
 * per-partition limit (docs/architecture.md « DynamoDB's limits on the local runtime »): one
 * partition key takes 1,000 write units a second, and a program's lots share one. A BatchWrite
 * refused whole as throttled, past the SDK's own three tries, is sent again after a pause, never
 * thrown to the import step (whose job would then wait 30 s for its retry).
 */
const table = process.env.TABLE_NAME!;
let proxy: ThroughputProxy;

/**
 * A store whose client tries each call once, so that every refusal reaches the batch writer; and
 * on a new connection each time, since a try once cannot survive the reset of a kept-alive
 * connection the proxy closed as idle (the SDK's own retries cover that in the product).
 */
function storeThrough(endpoint: string): Db {
  const client = new DynamoDBClient({
    endpoint,
    region: 'eu-west-3',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
    requestHandler: { httpAgent: new Agent({ keepAlive: false }) },
  });
  return { doc: DynamoDBDocumentClient.from(client), table };
}

const countOf = async (db: Db, pk: string) => (await queryWholePartition(db, pk)).length;

// 100 write units a second on a key: the model admits the calls of one second that are already in
// flight, so 1,000 items (40 BatchWrites, 16 at a time) are throttled in each of several seconds.
beforeAll(async () => {
  await ensureTestTable();
  proxy = await startThroughputProxy({ upstream: process.env.DYNAMODB_LOCAL_ENDPOINT!, limits: { readUnitsPerSecond: 3_000, writeUnitsPerSecond: 100 } });
});
afterAll(() => proxy.stop());

describe('batch writes on a hot partition key (one program: one key for all its lots)', () => {
  it('1,000 items on one key, 16 BatchWrites in flight, are all written though the key is throttled every second', async () => {
    const db = storeThrough(proxy.endpoint);
    const pk = `HOTLOTS#${Date.now()}`;
    const items = Array.from({ length: 1_000 }, (_, index) => ({ PutRequest: { Item: { pk, sk: `LOT#${String(index).padStart(4, '0')}` } } }));
    await batchWrite(db, items, 16);
    expect(proxy.totals().throttled).toBeGreaterThan(0);
    expect(await countOf(db, pk)).toBe(1_000);
  }, 120_000);

  it('deletes go through the same way: 1,000 items deleted under the same limit leave none', async () => {
    const db = storeThrough(proxy.endpoint);
    const pk = `HOTDELETE#${Date.now()}`;
    const keys = Array.from({ length: 1_000 }, (_, index) => ({ pk, sk: `LOT#${index}` }));
    await batchWrite(
      db,
      keys.map((Item) => ({ PutRequest: { Item } })),
      16,
    );
    proxy.reset();
    await batchWrite(
      db,
      keys.map((Key) => ({ DeleteRequest: { Key } })),
      16,
    );
    expect(proxy.totals().throttled).toBeGreaterThan(0);
    expect(await countOf(db, pk)).toBe(0);
  }, 120_000);

  it('an error other than throttling is thrown at once, not sent again', async () => {
    // A proxy of its own: calls still in flight from a test above cannot count here.
    const own = await startThroughputProxy({ upstream: process.env.DYNAMODB_LOCAL_ENDPOINT! });
    try {
      const invalid = [{ PutRequest: { Item: { pk: 'NO-SORT-KEY' } } }];
      await expect(batchWrite(storeThrough(own.endpoint), invalid)).rejects.toMatchObject({ name: 'ValidationException' });
      expect(own.totals()).toMatchObject({ requests: 1, throttled: 0 });
    } finally {
      await own.stop();
    }
  });
});
