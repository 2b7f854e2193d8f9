import { fork } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../../infra/local/dynamodb-local';
import { until } from './eventually';

/**
 * One local product per jest worker, shared by the browser journeys that worker runs one after the
 * other, each on its own table (docs/testing.md « Where the suite's time goes »): a file no longer
 * pays the product's start and its four workers loading the handlers (about 17 s of CPU a file).
 * The product lives in a process of its own (shared-product-host.ts), since jest gives each file a
 * fresh module registry; a file finds it by the worker's id in the run's folder, set by the e2e
 * globalSetup. A file that sets the product's environment otherwise (a LIVREA_ variable: a clock
 * offset, a quota, the engine's rate) gets a product started with it, which the next files share.
 */
interface HostEntry {
  pid: number;
  url: string;
  control: string;
  environment: string;
}

/** The run's folder of hosts: made by the e2e globalSetup, read again by the teardown. */
export function sharedProductsFolder(): string {
  process.env.LIVREA_SHARED_PRODUCTS ??= mkdtempSync(join(tmpdir(), 'livrea-products-'));
  return process.env.LIVREA_SHARED_PRODUCTS;
}

/** The variables the product reads at its start (what differs makes another product). */
function productEnvironment(env: NodeJS.ProcessEnv): string {
  const perFile = new Set(['LIVREA_DATA_DIR', 'LIVREA_SHARED_PRODUCTS', 'LIVREA_SHARED_PRODUCT_PORT']);
  const read = Object.keys(env)
    .filter((key) => key.startsWith('LIVREA_') && !perFile.has(key))
    .sort()
    .map((key) => [key, env[key]]);
  return JSON.stringify(read);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The product of this jest worker, now serving `place`; started when there is none for this environment. */
export async function sharedProduct(place: { tableName: string; dataDir: string }): Promise<{ url: string }> {
  const entryFile = join(sharedProductsFolder(), `worker-${process.env.JEST_WORKER_ID ?? '1'}.json`);
  const environment = productEnvironment(process.env);
  const entry = existsSync(entryFile) ? (JSON.parse(readFileSync(entryFile, 'utf8')) as HostEntry) : undefined;
  if (entry && isAlive(entry.pid)) {
    if (entry.environment === environment) {
      const moved = await fetch(`${entry.control}/use`, { method: 'POST', body: JSON.stringify(place) });
      if (!moved.ok) throw new Error(`the shared product did not move to ${place.tableName}: ${await moved.text()}`);
      return { url: entry.url };
    }
    await stopHost(entry.pid);
  }
  const port = await freePort();
  const host = fork(resolve(__dirname, 'shared-product-host.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      TABLE_NAME: place.tableName,
      LIVREA_DATA_DIR: place.dataDir,
      LIVREA_SHARED_PRODUCT_PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<{ url: string; control: string }>((started, failed) => {
    host.once('message', (message: { type: string; url: string; control: string }) => started(message));
    host.once('exit', (code) => failed(new Error(`the shared product stopped while starting (code ${code})`)));
  });
  // Jest must not wait for it: it ends with this worker (its IPC channel), or at the teardown.
  host.unref();
  host.channel?.unref();
  writeFileSync(entryFile, JSON.stringify({ pid: host.pid!, url: ready.url, control: ready.control, environment } satisfies HostEntry));
  return { url: ready.url };
}

/** Stops a host and waits for its end (its product stops its workers first). */
async function stopHost(pid: number): Promise<void> {
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    return;
  }
  // Not ours to wait on (another file's child): its end is seen by asking.
  await until(`the shared product ${pid} to stop`, () => !isAlive(pid), 10_000, 100).catch(() => process.kill(pid, 'SIGKILL'));
}

/** The e2e teardown: every host of the run stopped. */
export async function stopSharedProducts(): Promise<void> {
  const folder = process.env.LIVREA_SHARED_PRODUCTS;
  if (!folder || !existsSync(folder)) return;
  const hosts = readdirSync(folder).map((name) => JSON.parse(readFileSync(join(folder, name), 'utf8')) as HostEntry);
  await Promise.all(hosts.map((host) => stopHost(host.pid)));
}
