import { join, resolve } from 'node:path';
import type { RunningProduct } from '../../infra/local/local-product';
import { benchThroughput } from './bench-dynamo';

/**
 * The local product (HTTP server, the real handlers in the worker pool, the job poller, the built
 * SPA, the normal demo) on a free port, on the bench's DynamoDB Local (through its throughput model)
 * and table: what the benches of screens and big programs measure through, never in-process.
 */
export async function startBenchProduct(dataDir: string): Promise<RunningProduct> {
  // Its workers call DynamoDB through the partition limits, as every bench's worker processes do.
  const throughput = await benchThroughput();
  const root = resolve(__dirname, '../..');
  const { buildSpaIfNeeded } = await import('../../infra/local/build-spa');
  buildSpaIfNeeded(root);
  const { freePort } = await import('../../infra/local/dynamodb-local');
  const { startLocalProduct } = await import('../../infra/local/local-product');
  const port = await freePort();
  process.env.PUBLIC_URL = `http://localhost:${port}`;
  return startLocalProduct({ port, webDir: join(root, 'web/dist'), dataDir, dynamoEndpoint: throughput.endpoint, tableName: process.env.TABLE_NAME });
}
