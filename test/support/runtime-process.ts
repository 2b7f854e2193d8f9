import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { delimiter, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { bundleIfStale } from '../../infra/local/local-bundle';
import { until } from './eventually';

/**
 * The real local runtime (`infra/local/start.ts`: HTTP server and job poller) in a process group of
 * its own, on this test file's table, signing key and files, for the crash tests: it can be killed
 * with SIGKILL as a whole and started again on the same data. Its DynamoDB Local is the test run's
 * (the store is the durable part, as DynamoDB is in AWS); what is killed is Livrea's process.
 */
const root = resolve(__dirname, '../..');
const children = new Set<ChildProcessByStdio<null, Readable, Readable>>();

export type RuntimeProcess = {
  child: ChildProcessByStdio<null, Readable, Readable>;
  ready: Promise<void>;
  exited: Promise<void>;
  /** What it printed so far (it logs at ERROR: its failures). */
  output: () => string;
};

/**
 * `npm start` as typed in a user's shell: the `npm` and `node` of the shell's PATH, without the
 * node_modules/.bin folders that this test run's npm put first. `npm start` must then find the
 * project's own Node (package.json `engines`) by itself, whatever the shell's `node` is.
 */
function npmStartFromShell(): { command: string; args: string[]; path: string } {
  const path = (process.env.PATH ?? '')
    .split(delimiter)
    .filter((folder) => !folder.includes(`node_modules${sep}.bin`) && !folder.includes('node-gyp-bin'))
    .join(delimiter);
  return { command: 'npm', args: ['start', '--silent'], path };
}

/**
 * Node's arguments to run a script of the project (`entry`, from the root) as its esbuild bundle
 * (local-bundle.ts, as the workers are): a crash test starts one up to seven times, and through tsx
 * each start loaded its sources module by module (twice the CPU). Built again when a source
 * changed; the map names the .ts lines in what it prints.
 */
export function bundledEntryArgs(entry: string, name: string): string[] {
  return ['--enable-source-maps', bundleIfStale(root, entry, name)];
}

/** `npm start`'s entry point (infra/local/start.ts), bundled. */
export function startEntryArgs(): string[] {
  return bundledEntryArgs('infra/local/start.ts', 'start');
}

/**
 * `how`: 'start.ts' runs the entry point on this test's Node (the crash tests); 'npm start' goes
 * through npm from the shell's PATH (which Node the product then runs on).
 */
export function startRuntime(port: number, env: Record<string, string> = {}, how: 'start.ts' | 'npm start' = 'start.ts'): RuntimeProcess {
  const viaNpm = how === 'npm start' ? npmStartFromShell() : undefined;
  const child = spawn(viaNpm?.command ?? process.execPath, viaNpm?.args ?? startEntryArgs(), {
    cwd: root,
    // Its own process group, so that the whole group can be killed at once.
    detached: true,
    env: {
      ...process.env,
      ...(viaNpm ? { PATH: viaNpm.path } : {}),
      PORT: String(port),
      LIVREA_SKIP_BUILD: '1',
      // Same table, same signing key and files as this test process.
      TABLE_NAME: process.env.TABLE_NAME,
      DYNAMODB_ENDPOINT: process.env.DYNAMODB_ENDPOINT,
      LIVREA_DATA_DIR: process.env.LIVREA_DATA_DIR,
      // That endpoint is already the integration run's throughput model (setup/throughput-model.ts): no second one in front of it.
      LIVREA_DYNAMODB_THROUGHPUT: 'off',
      // A killed runner's jobs come back after 4 s rather than a minute.
      LIVREA_JOB_LEASE_SECONDS: '4',
      // Two Lambda instances, not four: still more than one (a wave's jobs run side by side, a task
      // goes to whichever is free), and each restart starts and cold-loads half the processes (a
      // restart of the four took about 25 s of a crash test at load 17 on the 2-core machine).
      LIVREA_WORKERS: '2',
      LOG_LEVEL: 'ERROR',
      LIVREA_SEED: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  void exited.then(() => children.delete(child));
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const ready = (async () => {
    // A limit, not a figure: a start took 25 s at load 17 on the 2-core machine; three minutes
    // tell a product that will not start from one that starts slowly beside other runs.
    await until(
      'Livrea to start',
      () => {
        if (child.exitCode !== null || child.signalCode !== null) throw new Error(`Livrea did not start:\n${output}`);
        return output.includes('Ctrl-C');
      },
      180_000,
      100,
    ).catch((error: Error) => {
      throw error.message.startsWith('Livrea did not start') ? error : new Error(`Livrea did not start:\n${output}`);
    });
  })();
  return { child, ready, exited, output: () => output };
}

/** `wait`, or its failure with the runtime's last output appended: a wait that timed out says what the product printed meanwhile. */
export async function withRuntimeOutput<T>(runtime: RuntimeProcess, wait: Promise<T>): Promise<T> {
  try {
    return await wait;
  } catch (error) {
    throw new Error(`${(error as Error).message}\nLivrea's output, last 4,000 characters:\n${runtime.output().slice(-4_000)}`);
  }
}

export function killGroup(child: { pid?: number }): void {
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/** Kills every runtime this file started (a failed assertion must not leave one running). */
export function killAllRuntimes(): void {
  for (const child of children) killGroup(child);
}

/** Kills the runtime and starts it again on the same port and data; resolves once it serves. */
export async function restartRuntime(runtime: RuntimeProcess, port: number, env: Record<string, string> = {}): Promise<RuntimeProcess> {
  killGroup(runtime.child);
  await runtime.exited;
  const next = startRuntime(port, env);
  await next.ready;
  return next;
}

export const randomBetween = (low: number, high: number) => low + Math.floor(Math.random() * (high - low + 1));
