import { Agent, createServer, type IncomingMessage, request as httpRequest, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LedgerTotals, PartitionLimits } from '../../../functions/adapters/local/throughput/partition-ledger';
import { throttledAnswer, ThroughputModel } from '../../../functions/adapters/local/throughput/throughput-model';

export interface ThroughputProxy {
  /** Where the product's DynamoDB clients send their calls instead of DynamoDB Local. */
  endpoint: string;
  totals(): LedgerTotals;
  reset(): void;
  stop(): Promise<void>;
}

/** Read by the bench and the tests from any process: GET the totals, POST to reset them. */
export const throughputPath = '/__livrea/throughput';

function readBody(stream: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

/**
 * DynamoDB's throughput model (functions/adapters/local/throughput/throughput-model.ts) in front of
 * DynamoDB Local, for processes apart: every call of every process of the local product goes
 * through it, so their calls to one partition key are counted together, and a call reaching a key
 * that has spent its second is answered ProvisionedThroughputExceededException, as DynamoDB
 * answers it. The SDK retries such answers with its backoff, as on AWS.
 */
export async function startThroughputProxy(options: { upstream: string; limits?: PartitionLimits; now?: () => number }): Promise<ThroughputProxy> {
  const upstream = new URL(options.upstream);
  const model = new ThroughputModel(options.limits, options.now);
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });

  const forward = (incoming: IncomingMessage, body: Buffer | string): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> =>
    new Promise((resolve, reject) => {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(incoming.headers)) if (typeof value === 'string' && name !== 'host') headers[name] = value;
      headers['content-length'] = String(Buffer.byteLength(body));
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
      if (incoming.method === 'POST') model.reset();
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(model.totals()));
      return;
    }
    const body = await readBody(incoming);
    const admission = model.admit(String(incoming.headers['x-amz-target'] ?? '').split('.')[1] ?? '', body.toString('utf8'));
    if (admission.kind === 'refused') {
      response.writeHead(400, { 'content-type': 'application/x-amz-json-1.0', 'x-amzn-requestid': `throttled-${Date.now()}` }).end(throttledAnswer);
      return;
    }
    const answer = await forward(incoming, admission.kind === 'charged' ? admission.body : body);
    if (admission.kind === 'free' || answer.status !== 200) {
      response.writeHead(answer.status, answer.headers).end(answer.body);
      return;
    }
    const out = Buffer.from(admission.settle(answer.body.toString('utf8')), 'utf8');
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
    totals: () => model.totals(),
    reset: () => model.reset(),
    stop: () =>
      new Promise((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
