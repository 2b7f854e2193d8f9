import { Agent, createServer, type IncomingMessage, request as httpRequest, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type LedgerTotals, PartitionLedger, type PartitionLimits } from './partition-ledger';
import { consumedUnits, requestPartitions } from './request-partitions';

export interface ThroughputProxy {
  /** Where the product's DynamoDB clients send their calls instead of DynamoDB Local. */
  endpoint: string;
  totals(): LedgerTotals;
  reset(): void;
  stop(): Promise<void>;
}

/** Read by the bench and the tests from any process: GET the totals, POST to reset them. */
export const throughputPath = '/__livrea/throughput';

const throttledAnswer = JSON.stringify({
  __type: 'com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException',
  message: 'Throughput exceeds the current capacity of your table or index (one partition key past its 3,000 read or 1,000 write units a second).',
});

function readBody(stream: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

/** The end of the JSON value starting at `start` (an object or an array), strings skipped. */
function valueEnd(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let index = start; index < text.length; index += 1) {
    const char = text[index];
    if (inString) {
      if (char === '\\') index += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{' || char === '[') depth += 1;
    else if ((char === '}' || char === ']') && --depth === 0) return index + 1;
  }
  return text.length;
}

/**
 * The answer's ConsumedCapacity, and the answer without it when only the proxy asked for it. Found
 * by its key rather than by parsing the whole answer: a Query page is up to 1 MB, and the proxy
 * runs in the local product's main process beside the HTTP server and the job poller.
 */
export function takeConsumedCapacity(answer: string, strip: boolean): { consumed: unknown; answer: string } {
  const marker = '"ConsumedCapacity":';
  const at = answer.lastIndexOf(marker);
  if (at < 0) return { consumed: undefined, answer };
  const end = valueEnd(answer, at + marker.length);
  const consumed: unknown = JSON.parse(answer.slice(at + marker.length, end));
  if (!strip) return { consumed, answer };
  const before = answer.slice(0, at).replace(/,\s*$/, '');
  const after = answer.slice(end);
  return { consumed, answer: before.endsWith('{') ? before + after.replace(/^\s*,/, '') : before + after };
}

/**
 * DynamoDB's throughput model in front of DynamoDB Local (docs/architecture.md « DynamoDB's limits on
 * the local runtime »): every call of every process of the local product goes through it; it asks
 * DynamoDB Local for the call's consumed capacity (DynamoDB's own accounting: 4 KB a read unit, half
 * for an eventually consistent read, 1 KB a write unit, twice for a transaction), charges it to the
 * partition keys the call touches (shared evenly among the items of a batch or a transaction), and
 * answers ProvisionedThroughputExceededException, as DynamoDB does, to a call reaching a partition
 * key that has spent its second. The SDK retries such answers with its backoff, as on AWS.
 */
export async function startThroughputProxy(options: { upstream: string; limits?: PartitionLimits; now?: () => number }): Promise<ThroughputProxy> {
  const upstream = new URL(options.upstream);
  const ledger = new PartitionLedger(options.limits);
  const now = options.now ?? Date.now;
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });

  const forward = (incoming: IncomingMessage, body: Buffer): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> =>
    new Promise((resolve, reject) => {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(incoming.headers)) if (typeof value === 'string' && name !== 'host') headers[name] = value;
      headers['content-length'] = String(body.length);
      const outgoing = httpRequest({ host: upstream.hostname, port: upstream.port, path: incoming.url, method: incoming.method, headers, agent }, (answer) => {
        const answerHeaders: Record<string, string> = {};
        for (const [name, value] of Object.entries(answer.headers)) if (typeof value === 'string') answerHeaders[name] = value;
        readBody(answer).then((body) => resolve({ status: answer.statusCode ?? 500, headers: answerHeaders, body }), reject);
      });
      outgoing.on('error', reject);
      outgoing.end(body);
    });

  const handle = async (incoming: IncomingMessage, response: ServerResponse): Promise<void> => {
    if (incoming.url === throughputPath) {
      if (incoming.method === 'POST') ledger.reset();
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(ledger.snapshot()));
      return;
    }
    const operation = String(incoming.headers['x-amz-target'] ?? '').split('.')[1] ?? '';
    let body = await readBody(incoming);
    const call = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
    const touched = requestPartitions(operation, call);
    // What DynamoDB does not charge (DescribeTable, CreateTable…) goes through as it is.
    if (!touched) {
      const answer = await forward(incoming, body);
      response.writeHead(answer.status, answer.headers).end(answer.body);
      return;
    }
    if (ledger.refuses(touched.partitions, now())) {
      response.writeHead(400, { 'content-type': 'application/x-amz-json-1.0', 'x-amzn-requestid': `throttled-${now()}` }).end(throttledAnswer);
      return;
    }
    const asked = call.ReturnConsumedCapacity === 'TOTAL' || call.ReturnConsumedCapacity === 'INDEXES';
    if (!asked) body = Buffer.from(JSON.stringify({ ...call, ReturnConsumedCapacity: 'TOTAL' }));
    const answer = await forward(incoming, body);
    if (answer.status !== 200) {
      response.writeHead(answer.status, answer.headers).end(answer.body);
      return;
    }
    const taken = takeConsumedCapacity(answer.body.toString('utf8'), !asked);
    const units = consumedUnits(taken.consumed);
    const at = now();
    if (touched.partitions.length === 0) ledger.charge(`${String(call.TableName)}/scan`, touched.access, units, at);
    for (const partition of touched.partitions) ledger.charge(partition.key, partition.access, units / touched.partitions.length, at);
    const out = asked ? answer.body : Buffer.from(taken.answer, 'utf8');
    // The answer's checksum covers the body DynamoDB Local sent, not the one without ConsumedCapacity.
    const { 'x-amz-crc32': _crc, ...headers } = answer.headers;
    response.writeHead(200, { ...headers, 'content-length': String(out.length) }).end(out);
  };

  const server = createServer((incoming, response) => {
    handle(incoming, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/x-amz-json-1.0' });
      response.end(JSON.stringify({ __type: 'com.amazonaws.dynamodb.v20120810#InternalServerError', message: String(error) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    totals: () => ledger.snapshot(),
    reset: () => ledger.reset(),
    stop: () =>
      new Promise((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
