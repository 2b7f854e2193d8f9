import { startWorkerPool, type WorkerPool } from '../../infra/local/worker-pool';
import { callThrough, ensureTestTable } from './test-api';

export interface TestPool {
  pool: WorkerPool;
  /** `call` (test-api.ts) through the pool: each request on a free worker process, its jobs on the pool too. */
  call: ReturnType<typeof callThrough>;
  stop(): Promise<void>;
}

/**
 * Runs `race` on a pool of `size` workers (one per request the race makes at once), each of which
 * has first loaded the handler of `route` (one anonymous request per worker, at once): without it
 * the workers' cold starts, seconds apart on a loaded machine, would put the racing requests one
 * after the other. The pool is stopped afterwards.
 */
export async function raceOnWorkers<T>(size: number, route: { method: string; url: string }, race: (call: TestPool['call']) => Promise<T>): Promise<T> {
  const workers = await startTestPool({ size });
  try {
    await Promise.all(Array.from({ length: size }, () => workers.call(route.method, route.url, { answerOnly: true })));
    return await race(workers.call);
  } finally {
    await workers.stop();
  }
}

/**
 * The local runtime's worker pool (infra/local/worker-pool.ts) against this test file's table:
 * the workers get its TABLE_NAME, DYNAMODB_ENDPOINT and LIVREA_DATA_DIR. For the tests of what
 * two people can do at once: they run as on AWS, one request per process, no memory shared.
 */
export async function startTestPool(options: { size?: number; env?: Record<string, string> } = {}): Promise<TestPool> {
  await ensureTestTable();
  const pool = await startWorkerPool({ size: options.size ?? 4, env: { ...process.env, ...options.env } });
  return { pool, call: callThrough(pool.dispatch, pool.idle), stop: () => pool.stop() };
}
