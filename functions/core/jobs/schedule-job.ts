import { newJob, putJob, type JobRecord } from '../../data/jobs-repository';
import { logger } from '../../http/logger';
import type { Deps } from '../../runtime/deps';
import { newCapabilityId } from '../security/ids';

export function newJobId(): string {
  return `job-${newCapabilityId(16)}`;
}

/**
 * Asks the scheduler to wake the dispatch handler at `runAt` for a job already stored. A failure
 * here loses nothing (the job is on the due index and the sweep runs it, at most a minute late),
 * so it is logged rather than thrown.
 */
export async function wakeAt(deps: Deps, jobId: string, runAt: Date): Promise<void> {
  await deps.scheduler.schedule(jobId, runAt).catch((error: unknown) => logger.warn('schedule failed; the sweep will run the job', { jobId, error: error as Error }));
}

/**
 * Stores a job (on the due index) and wakes the dispatch handler at `runAt`. With a given id, a
 * job of that id stored already (a re-run after a crash) is kept and not scheduled again.
 */
export async function scheduleJob(deps: Deps, kind: string, payload: Record<string, unknown>, runAt: Date, id = newJobId()): Promise<JobRecord> {
  const job = newJob(id, kind, payload, runAt, deps.now());
  if (await putJob(deps.db, job)) await wakeAt(deps, job.id, runAt);
  return job;
}
