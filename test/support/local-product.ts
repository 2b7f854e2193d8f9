import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { resolve } from 'node:path';
import type { Readable } from 'node:stream';

/**
 * The real local product (`infra/local/start.ts`: HTTP server and job poller) started in its own
 * process group on the test file's table, so that a crash test can kill it with SIGKILL and start
 * it again on the same data. Its DynamoDB Local is the test run's one: what is killed is Livrea's
 * process, with its poller and in-flight jobs; the store is the durable part, as DynamoDB is in AWS.
 */
const root = resolve(__dirname, '../..');
const children = new Set<ChildProcessByStdio<null, Readable, Readable>>();

export function startLocalProduct(port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'infra/local/start.ts'], {
    cwd: root,
    // Its own process group, so that the whole group can be killed at once.
    detached: true,
    env: {
      ...process.env,
      PORT: String(port),
      LIVREA_SKIP_BUILD: '1',
      // Same table, same signing key and files as this test process.
      TABLE_NAME: process.env.TABLE_NAME,
      DYNAMODB_ENDPOINT: process.env.DYNAMODB_ENDPOINT,
      LIVREA_DATA_DIR: process.env.LIVREA_DATA_DIR,
      // A killed runner's jobs come back after 4 s rather than a minute.
      LIVREA_JOB_LEASE_SECONDS: '4',
      LOG_LEVEL: 'ERROR',
      LIVREA_SEED: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.on('exit', () => children.delete(child));
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const ready = (async () => {
    for (const startedAt = Date.now(); !output.includes('Ctrl-C'); ) {
      if (Date.now() - startedAt > 90_000 || child.exitCode !== null) throw new Error(`Livrea did not start:\n${output}`);
      await new Promise((done) => setTimeout(done, 100));
    }
  })();
  return { child, ready };
}

/** SIGKILL to the product's whole process group. */
export function killGroup(child: { pid?: number }): void {
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/** Kills every product this test file started (its afterEach). */
export function killAllLocalProducts(): void {
  for (const child of children) killGroup(child);
}

/** Kills the product and starts it again on the same port and data; resolves once it serves. */
export async function restartLocalProduct(runtime: ReturnType<typeof startLocalProduct>, port: number): Promise<ReturnType<typeof startLocalProduct>> {
  killGroup(runtime.child);
  if (runtime.child.exitCode === null) await new Promise((done) => runtime.child.once('exit', done));
  const next = startLocalProduct(port);
  await next.ready;
  return next;
}

export const until = async (what: string, condition: () => Promise<boolean>, limitMs: number, everyMs = 100) => {
  for (const startedAt = Date.now(); !(await condition()); ) {
    if (Date.now() - startedAt > limitMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, everyMs));
  }
};

export const randomBetween = (low: number, high: number) => low + Math.floor(Math.random() * (high - low + 1));
