import { startWorkerPool, type WorkerPool } from '../../infra/local/worker-pool';
import { callThrough, ensureTestTable } from './test-api';

export interface TestPool {
  pool: WorkerPool;
  /** `call` (test-api.ts) through the pool: each request on a free worker process, its jobs on the pool too. */
  call: ReturnType<typeof callThrough>;
  stop(): Promise<void>;
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
