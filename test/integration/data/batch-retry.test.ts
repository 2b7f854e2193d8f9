import { Agent } from 'node:http';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { startThroughputProxy, type ThroughputProxy } from '../../../infra/local/throughput/throughput-proxy';
import { batchWrite } from '../../../functions/data/batch-write';
import { batchGetItems, queryWholePartition, type Db } from '../../../functions/data/db';
import { ensureTestTable } from '../../support/test-api';

/**
 * The product's batch writer (a program's lots, a news' badges, deletions) and batch reader (an
 * import's existing lots, a program and its access) against DynamoDB's per-partition limits
 * (docs/architecture.md « DynamoDB's limits on the local runtime »): one partition key takes 1,000
 * write and 3,000 read units a second, and a program's lots share one. A batch refused whole as
 * throttled, past the SDK's own three tries, is sent again after a pause (functions/data/batch-retry.ts),
 * never thrown to the import step (whose job would then wait 30 s for its retry) or the request.
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

describe('batch reads on a hot partition key', () => {
  it('3,000 items of one key read consistently, 16 BatchGets in flight, all come back though the key is throttled every second', async () => {
    const pk = `HOTREAD#${Date.now()}`;
    const keys = Array.from({ length: 3_000 }, (_, index) => ({ pk, sk: `LOT#${String(index).padStart(4, '0')}` }));
    await batchWrite(
      storeThrough(process.env.DYNAMODB_LOCAL_ENDPOINT!),
      keys.map((Item) => ({ PutRequest: { Item } })),
      16,
    );
    // 1,000 read units a second, and the model's clock stands still until it has refused a call:
    // the BatchGets (100 read units each) then all fall in one second, and the calls started after
    // the tenth answer are refused (30 calls, 16 at a time); then it runs. With the real clock
    // alone, a loaded machine answered the 30 calls more than a second apart and none was
    // throttled (2 runs in 14 beside an import).
    const own: ThroughputProxy = await startThroughputProxy({
      upstream: process.env.DYNAMODB_LOCAL_ENDPOINT!,
      limits: { readUnitsPerSecond: 1_000, writeUnitsPerSecond: 1_000 },
      now: () => (own?.totals().throttled ? Date.now() : 0),
    });
    try {
      const items = await batchGetItems(storeThrough(own.endpoint), keys, { consistent: true });
      expect(own.totals().throttled).toBeGreaterThan(0);
      expect(items.map((item) => item.sk).sort()).toEqual(keys.map((key) => key.sk));
    } finally {
      await own.stop();
    }
  }, 120_000);
});
