import { mkdir } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { join, resolve } from 'node:path';
import type { Deps } from '../../functions/runtime/deps';
import type { LocalResponse } from './api-dispatcher';
import { ensureTable } from './create-table';
import { LocalRuntimeError, startDynamoDbLocal } from './dynamodb-local';
import { forgetRunningDynamoDb, recordRunningDynamoDb } from './running-dynamodb';
import { DiskFileStore, localDownloadPath, localUploadPath } from '../../functions/adapters/local/disk-file-store';
import { createLocalHttpServer, type LocalDownloads, type LocalUploads } from './http-server';
import { startJobPoller } from './job-poller';
import { startExpirySweep } from './expiry-sweep';
import { startThroughputProxy, type ThroughputProxy } from './throughput/throughput-proxy';
import { startWorkerPool, type WorkerPool } from './worker-pool';

export interface LocalProductOptions {
  port: number;
  /** Folder for DynamoDB Local's file, the files store and the signing key. */
  dataDir: string;
  webDir: string;
  /** Reuse a running DynamoDB Local (tests) instead of starting one. */
  dynamoEndpoint?: string;
  /** Keep DynamoDB in memory (tests) rather than in dataDir. */
  inMemory?: boolean;
  tableName?: string;
  seed?: boolean;
  /**
   * DynamoDB's partition limits in front of DynamoDB Local (throughput/throughput-proxy.ts), so that
   * what DynamoDB would throttle is throttled here too (`npm start` sets it unless LIVREA_DYNAMODB_THROUGHPUT=off).
   */
  throughputModel?: boolean;
}

export interface RunningProduct {
  url: string;
  seeded: 'seeded' | 'already' | 'skipped';
  /** The worker processes serving the API and the jobs (LIVREA_WORKERS, 4 by default). */
  workers: number;
  /** The throughput model's address when it is on: `GET {it}/__livrea/throughput` gives the units consumed. */
  throughputEndpoint?: string;
  /**
   * The same running product on another table and data folder (made ready as at a start, the seed
   * included unless it was off), its workers keeping the handlers they loaded: the browser
   * journeys share one product per jest worker (test/support/shared-product.ts), each file on its
   * own table. What was running ends first; the jobs due on the table left are dropped.
   */
  useTable(place: { tableName: string; dataDir: string }): Promise<void>;
  stop(): Promise<void>;
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolveListen, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new LocalRuntimeError(`Le port ${port} est déjà utilisé : arrêtez l'autre programme ou lancez avec PORT=3001 npm start.`)
          : error,
      ),
    );
    server.listen(port, () => resolveListen());
  });
}

/**
 * Livrea on one machine: DynamoDB Local, the table, the demo data, the real handlers run by a pool
 * of worker processes (worker-pool.ts: Lambda's instances) behind an HTTP server (API Gateway's
 * limits included), and the job poller standing in for EventBridge Scheduler, which hands the due
 * jobs to the same pool.
 */
export async function startLocalProduct(options: LocalProductOptions): Promise<RunningProduct> {
  const dataDir = resolve(options.dataDir);
  await mkdir(join(dataDir, 'dynamodb'), { recursive: true });

  // Claim the port first: a port in use is reported before anything else starts.
  // The port is claimed before the table and the handlers' environment exist: until then the API
  // answers 503 (a browser or a health probe retries) rather than failing inside a handler.
  let pool: WorkerPool | undefined;
  let files: DiskFileStore | undefined;
  const uploads: LocalUploads = {
    path: localUploadPath,
    receive: async (url, request) =>
      files
        ? files.receiveUpload(url, { contentType: request.headers['content-type'], contentLength: request.headers['content-length'] }, request)
        : { status: 503, message: 'Livrea démarre, réessayez dans un instant.' },
  };
  const downloads: LocalDownloads = {
    path: localDownloadPath,
    serve: async (url) =>
      files
        ? files.serveDownload(url)
        : { status: 503, headers: { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '1' }, body: 'Livrea démarre, réessayez dans un instant.' },
  };
  const server = createLocalHttpServer({
    webDir: options.webDir,
    dispatch: (request) => (pool ? pool.dispatch(request) : Promise.resolve(starting())),
    uploads,
    downloads,
  });
  const unused = socketsWithoutRequest(server);
  await listen(server, options.port);

  let dynamo: Awaited<ReturnType<typeof startDynamoDbLocal>> | undefined;
  let throughput: ThroughputProxy | undefined;
  let workersStarting: Promise<WorkerPool> | undefined;
  try {
    const databaseEndpoint =
      options.dynamoEndpoint ?? (dynamo = await startDynamoDbLocal({ dataDir: options.inMemory ? undefined : join(dataDir, 'dynamodb') })).endpoint;
    if (options.throughputModel) throughput = await startThroughputProxy({ upstream: databaseEndpoint });
    const endpoint = throughput?.endpoint ?? databaseEndpoint;
    Object.assign(process.env, {
      LIVREA_RUNTIME: 'local',
      TABLE_NAME: options.tableName ?? 'livrea',
      DYNAMODB_ENDPOINT: endpoint,
      LIVREA_DATA_DIR: dataDir,
      PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${options.port}`,
      // Data on disk: a transaction is answered once DynamoDB Local has committed it (commit-barrier.ts).
      LIVREA_COMMIT_BARRIER: options.inMemory ? '0' : '1',
    });
    // The workers start beside the table and the demo data (they inherit this environment).
    workersStarting = startWorkerPool();
    // Awaited once the data is ready; a failure meanwhile is not unhandled.
    workersStarting.catch(() => undefined);
    const { getDeps, forgetLocalDeps } = await import('../../functions/runtime/deps');
    const deps = getDeps();
    const { DynamoDBClient } = await import('@aws-sdk/client-dynamodb');
    const tables =
      (!throughput && dynamo?.client) || new DynamoDBClient({ endpoint, region: 'eu-west-3', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
    await ensureTable(tables, deps.store.table);
    const seeded = await prepareTable(deps, options.seed !== false);
    const workers = await workersStarting;
    let poller = startJobPoller(deps.store, (event) => workers.runJob(event));
    // Locally the files store is always the disk one; the server receives the PUTs and serves the GETs it signs.
    if (deps.files instanceof DiskFileStore) files = deps.files;
    let sweep = files ? startExpirySweep(files) : null;
    pool = workers;
    // `npm run demo:big` in another shell writes through this DynamoDB Local (running-dynamodb.ts).
    if (dynamo && !options.inMemory)
      await recordRunningDynamoDb(dataDir, { endpoint: databaseEndpoint, table: deps.store.table, url: `http://localhost:${options.port}` });
    return {
      url: `http://localhost:${options.port}`,
      seeded,
      workers: workers.size,
      throughputEndpoint: throughput?.endpoint,
      useTable: async ({ tableName, dataDir: nextDataDir }) => {
        poller.stop();
        sweep?.stop();
        const changes = { TABLE_NAME: tableName, LIVREA_DATA_DIR: resolve(nextDataDir) };
        await workers.useEnvironment(changes);
        Object.assign(process.env, changes);
        forgetLocalDeps();
        const next = getDeps();
        await ensureTable(tables, tableName);
        await prepareTable(next, options.seed !== false);
        poller = startJobPoller(next.store, (event) => workers.runJob(event));
        files = next.files instanceof DiskFileStore ? next.files : undefined;
        sweep = files ? startExpirySweep(files) : null;
      },
      stop: async () => {
        poller.stop();
        sweep?.stop();
        await closeServer(server, unused);
        await workers.stop();
        if (dynamo && !options.inMemory) await forgetRunningDynamoDb(dataDir);
        await throughput?.stop();
        await dynamo?.stop();
      },
    };
  } catch (error) {
    server.close();
    await workersStarting?.then((workers) => workers.stop()).catch(() => undefined);
    await throughput?.stop();
    await dynamo?.stop();
    throw error;
  }
}

/**
 * What a table needs before the product serves it: the demo data unless `seed` is off, then the
 * one-off migrations of data kept from earlier versions. Returns what the seed did.
 */
async function prepareTable(deps: Deps, seed: boolean): Promise<RunningProduct['seeded']> {
  const { seedDemoOnce } = await import('./seed-demo');
  const seeded = seed ? await seedDemoOnce(deps) : 'skipped';
  // Lots kept in `.data/` from before the lot-number order index get its keys, once. After the
  // seed, which may rebuild the table (its lots are written with the keys already).
  const { addMissingLotOrderKeys } = await import('../../functions/data/lot-order-migration');
  await addMissingLotOrderKeys(deps.store);
  // Conversations waiting for staff kept from before the unread-first index move to its top, once.
  const { prefixUnreadTicketKeys } = await import('../../functions/data/unread-ticket-migration');
  await prefixUnreadTicketKeys(deps.store);
  // Delivery log lines kept from before the log's counts are counted, once.
  const { countDeliveriesOnce } = await import('../../functions/data/delivery-count-migration');
  await countDeliveriesOnce(deps.store);
  // Buyer visits kept from before the lot-number order of their index get its key, once.
  const { addMissingVisitOrderKeys } = await import('../../functions/data/visit-order-migration');
  await addMissingVisitOrderKeys(deps.store);
  // Plannings kept from before the AMO calendar's index name their AMOs in it, once.
  const { indexAmoNamingsOnce } = await import('../../functions/data/amo-naming-migration');
  await indexAmoNamingsOnce(deps.store);
  return seeded;
}

/** The server's open connections on which no request has arrived yet. */
function socketsWithoutRequest(server: Server): () => Socket[] {
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  return () => [...sockets].filter((socket) => socket.bytesRead === 0);
}

/**
 * Stops accepting, lets the requests in progress finish, then closes every connection. close()
 * ends the idle keep-alive connections itself but not those no request ever came on: Chromium opens
 * some ahead of need (the browser's, and the PDF renderer's in the workers), and each held the stop
 * until the server's 60-s headers timeout (60 s at the end of every browser journey that printed).
 */
async function closeServer(server: Server, unused: () => Socket[]): Promise<void> {
  const closed = new Promise<void>((done) => server.close(() => done()));
  for (const socket of unused()) socket.destroy();
  await closed;
  server.closeAllConnections();
}

function starting(): LocalResponse {
  return {
    status: 503,
    headers: { 'content-type': 'application/json; charset=utf-8', 'retry-after': '1' },
    body: Buffer.from(JSON.stringify({ message: 'Livrea démarre, réessayez dans un instant.' })),
  };
}
