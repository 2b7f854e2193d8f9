import { operationViewSchema, type OperationView } from '../../shared/domain/operation';
import { operationJobId } from '../../functions/core/operations/operation-job';
import { getJob, type JobRecord } from '../../functions/data/jobs-repository';
import { getDeps } from '../../functions/runtime/deps';
import { call } from './test-api';
import { readUntil } from './eventually';

/**
 * An operation once it ended (GET /operations/{id} until it is no longer running), as the SPA
 * follows it. `call` runs the jobs a request handed over before it answers, but a local product
 * running beside the test (its own job poller) may have claimed them first.
 *
 * Still running after `timeoutMs`, it throws with the state of the operation's runs: a step that
 * failed is retried by the job system after a backoff (30 s, then minutes), which a test process
 * without a poller never runs, so the run's error is what says why the operation stopped.
 */
export async function settledOperation(id: string, token: string, timeoutMs = 120_000): Promise<OperationView> {
  const operation = await readUntil(
    async () => operationViewSchema.parse((await call('GET', `/api/operations/${id}`, { token })).body),
    (read) => read.status !== 'running',
    timeoutMs,
  );
  if (operation.status !== 'running') return operation;
  const runs = (await operationRuns(id)).map(
    (run) => `${run.id}: ${run.status}, ${run.attempts} attempt(s)${run.lastError ? `, last error « ${run.lastError} »` : ''}`,
  );
  throw new Error(`operation still running after ${timeoutMs} ms at ${JSON.stringify(operation.progress)}; its runs:\n${runs.join('\n')}`);
}

/** The job records of the operation's runs, in order (each run queues the next one's id). */
async function operationRuns(operationId: string): Promise<JobRecord[]> {
  const runs: JobRecord[] = [];
  for (let run = 0; ; run += 1) {
    const job = await getJob(getDeps().store, operationJobId(operationId, run));
    if (!job) return runs;
    runs.push(job);
  }
}
