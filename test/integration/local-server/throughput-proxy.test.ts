import { DynamoDBClient, GetItemCommand, PutItemCommand, QueryCommand, TransactWriteItemsCommand } from '@aws-sdk/client-dynamodb';
import { startThroughputProxy, throughputPath, type ThroughputProxy } from '../../../infra/local/throughput/throughput-proxy';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { getDeps } from '../../../functions/runtime/deps';
import {
  inProcessThroughput,
  inProcessThroughputTotals,
  ThroughputModelledHttpHandler,
} from '../../../functions/adapters/local/throughput/in-process-throughput';
import { ThroughputModel } from '../../../functions/adapters/local/throughput/throughput-model';
import { ensureTestTable } from '../../support/test-api';

/**
 * DynamoDB's partition limits on the local runtime (docs/architecture.md « DynamoDB's limits on the
 * local runtime »): the model in front of DynamoDB Local charges each call's consumed capacity to the
 * partition keys it touches and refuses, as DynamoDB does, a call to a key that has spent its second,
 * whether it runs in a proxy (the local product's processes) or in the client's own transport (an
 * integration test's process). The clock is the test's: a "second" lasts as long as the test keeps it.
 */
const table = process.env.TABLE_NAME!;
let clock = 1_000_000;
let proxy: ThroughputProxy;
const limits = { readUnitsPerSecond: 30, writeUnitsPerSecond: 10 };
const ownModel = new ThroughputModel(limits, () => clock);

const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
function clientOf(endpoint: string, maxAttempts = 1): DynamoDBClient {
  return new DynamoDBClient({ endpoint, region: 'eu-west-3', credentials, maxAttempts });
}

/** The two places the model runs, each with the test's limits and clock. */
const transports: [string, { client(maxAttempts?: number): DynamoDBClient; totals(): ReturnType<ThroughputModel['totals']> }][] = [
  ['through the proxy', { client: (maxAttempts) => clientOf(proxy.endpoint, maxAttempts), totals: () => proxy.totals() }],
  [
    "in the client's own transport",
    {
      client: (maxAttempts = 1) =>
        new DynamoDBClient({
          endpoint: process.env.DYNAMODB_LOCAL_ENDPOINT,
          region: 'eu-west-3',
          credentials,
          maxAttempts,
          requestHandler: new ThroughputModelledHttpHandler(ownModel),
        }),
      totals: () => ownModel.totals(),
    },
  ],
];

const put = (pk: string, sk: string, size = 10) =>
  new PutItemCommand({ TableName: table, Item: { pk: { S: pk }, sk: { S: sk }, payload: { S: 'x'.repeat(size) } } });

async function outcome(send: Promise<unknown>): Promise<string> {
  try {
    await send;
    return 'ok';
  } catch (error) {
    return (error as Error).name;
  }
}

beforeAll(async () => {
  await ensureTestTable();
  proxy = await startThroughputProxy({ upstream: process.env.DYNAMODB_LOCAL_ENDPOINT!, limits, now: () => clock });
});
afterAll(() => proxy.stop());
beforeEach(() => {
  proxy.reset();
  ownModel.reset();
  clock += 10_000;
});

describe.each(transports)("DynamoDB's throughput model on the local runtime, %s", (_where, transport) => {
  it('a hot partition key is throttled once it has spent its second: ProvisionedThroughputExceededException, as DynamoDB answers', async () => {
    const client = transport.client();
    const outcomes: string[] = [];
    for (let index = 0; index < 12; index += 1) outcomes.push(await outcome(client.send(put('HOT#1', `item-${index}`))));
    expect(outcomes.slice(0, 10)).toEqual(Array(10).fill('ok'));
    expect(outcomes.slice(10)).toEqual(['ProvisionedThroughputExceededException', 'ProvisionedThroughputExceededException']);
    expect(transport.totals()).toMatchObject({ throttled: 2, writeUnits: 10 });
  });

  it('a spread load is not throttled: the same writes over as many partition keys all pass', async () => {
    const client = transport.client();
    const outcomes = await Promise.all(Array.from({ length: 12 }, (_, index) => outcome(client.send(put(`SPREAD#${index}`, 'item')))));
    expect(outcomes).toEqual(Array(12).fill('ok'));
    expect(transport.totals()).toMatchObject({ throttled: 0, writeUnits: 12, peakWriteUnitsPerSecond: 1 });
  });

  it('the next second serves the key again, so the SDK retry of a throttled call goes through', async () => {
    const client = transport.client(5);
    for (let index = 0; index < 10; index += 1) await client.send(put('HOT#2', `item-${index}`));
    const retried = client.send(put('HOT#2', 'retried'));
    // Once the call is refused, the clock moves on to the next second while the SDK waits to retry.
    while (transport.totals().throttled === 0) await new Promise((resolve) => setImmediate(resolve));
    clock += 1_000;
    await expect(retried).resolves.toBeDefined();
    expect(transport.totals()).toMatchObject({ throttled: 1, writeUnits: 11 });
  });

  it("units are DynamoDB's: 1 KB a write unit, 4 KB a read unit, half for an eventually consistent read, twice in a transaction", async () => {
    const client = transport.client();
    await client.send(put('SIZE#1', 'a', 5_000));
    expect(transport.totals().writeUnits).toBe(5);
    await client.send(new GetItemCommand({ TableName: table, Key: { pk: { S: 'SIZE#1' }, sk: { S: 'a' } }, ConsistentRead: true }));
    expect(transport.totals().readUnits).toBe(2);
    await client.send(new QueryCommand({ TableName: table, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': { S: 'SIZE#1' } } }));
    expect(transport.totals().readUnits).toBe(3);
    proxy.reset();
    ownModel.reset();
    await client.send(
      new TransactWriteItemsCommand({
        TransactItems: [{ Put: { TableName: table, Item: { pk: { S: 'SIZE#2' }, sk: { S: 'a' }, payload: { S: 'x'.repeat(1_500) } } } }],
      }),
    );
    expect(transport.totals().writeUnits).toBe(4);
  });

  it('a query spends the units of the partition it reads: a hot key read past its second is refused, another key still served', async () => {
    const client = transport.client();
    await client.send(put('READ#1', 'a', 20_000));
    const query = (pk: string) =>
      client.send(
        new QueryCommand({
          TableName: table,
          KeyConditionExpression: '#pk = :pk',
          ExpressionAttributeNames: { '#pk': 'pk' },
          ExpressionAttributeValues: { ':pk': { S: pk } },
          ConsistentRead: true,
        }),
      );
    const outcomes: string[] = [];
    for (let index = 0; index < 7; index += 1) outcomes.push(await outcome(query('READ#1')));
    expect(outcomes.filter((result) => result === 'ok')).toHaveLength(6);
    expect(outcomes[6]).toBe('ProvisionedThroughputExceededException');
    await expect(outcome(query('READ#2'))).resolves.toBe('ok');
  });

  it('the answer carries ConsumedCapacity only when the caller asked for it', async () => {
    const client = transport.client();
    const quiet = await client.send(put('ASK#1', 'a'));
    expect(quiet.ConsumedCapacity).toBeUndefined();
    const asked = await client.send(new PutItemCommand({ ...put('ASK#1', 'b').input, ReturnConsumedCapacity: 'TOTAL' }));
    expect(asked.ConsumedCapacity?.CapacityUnits).toBe(1);
    expect(transport.totals().writeUnits).toBe(2);
  });
});

describe('where the model runs', () => {
  it("the proxy's totals are read over HTTP by the bench's processes", async () => {
    await clientOf(proxy.endpoint).send(put('ASK#2', 'a', 2_000));
    const totals = (await (await fetch(`${proxy.endpoint}${throughputPath}`)).json()) as { writeUnits: number };
    expect(totals.writeUnits).toBe(2);
  });

  it("an integration file's handlers call DynamoDB through the model in their own process, which counts their units; the processes it starts inherit the run's proxy", async () => {
    const before = inProcessThroughputTotals().writeUnits;
    await getDeps().store.doc.send(new PutCommand({ TableName: table, Item: { pk: 'RUN-MODEL#1', sk: 'a', payload: 'x'.repeat(3_000) } }));
    expect(inProcessThroughputTotals().writeUnits - before).toBe(3);
    // A child process inherits the environment, not the pid: its calls go to the run's proxy.
    expect(process.env.DYNAMODB_ENDPOINT).toBe(process.env.LIVREA_TEST_THROUGHPUT_ENDPOINT);
    expect(inProcessThroughput({ ...process.env, LIVREA_THROUGHPUT_IN_PROCESS_PID: String(process.pid + 1) })).toBeUndefined();
    expect(inProcessThroughput(process.env)?.endpoint).toBe(process.env.DYNAMODB_LOCAL_ENDPOINT);
  });
});
