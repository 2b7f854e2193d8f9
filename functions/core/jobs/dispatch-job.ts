import { claimJob, finishJob } from '../../data/jobs-repository';
import { logger } from '../../http/logger';
import type { Deps } from '../../runtime/deps';
import { jobRunners } from './job-runners';

export type DispatchOutcome = 'done' | 'skipped' | 'failed';

/**
 * Runs a due job once: the claim (pending → running) is conditional, so a job delivered twice
 * (EventBridge retries, two pollers) is sent once; a cancelled job is skipped.
 */
export async function dispatchJob(deps: Deps, jobId: string): Promise<DispatchOutcome> {
  const job = await claimJob(deps.db, jobId);
  if (!job) return 'skipped';
  const runner = jobRunners[job.kind];
  try {
    if (!runner) throw new Error(`unknown job kind ${job.kind}`);
    await runner(deps, job.payload);
    await finishJob(deps.db, job.id, 'done');
    return 'done';
  } catch (error) {
    logger.error('job failed', { jobId, kind: job.kind, error: error as Error });
    await finishJob(deps.db, job.id, 'failed', (error as Error).message);
    return 'failed';
  }
}
