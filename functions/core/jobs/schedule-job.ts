import { newJob, putJob, type JobRecord } from '../../data/jobs-repository';
import { logger } from '../../runtime/logger';
import { crashPoint } from '../../runtime/crash-point';
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
  await deps.scheduler
    .schedule(jobId, runAt)
    .catch((error: unknown) => logger.warn('schedule failed; the sweep will run the job', { jobId, error: error as Error }));
}

/**
 * Stores a job (on the due index) and wakes the dispatch handler at `runAt`. With a given id, a
 * job of that id stored already (a re-run after a crash) is kept and not scheduled again.
 */
export async function scheduleJob(deps: Deps, kind: string, payload: Record<string, unknown>, runAt: Date, id = newJobId()): Promise<JobRecord> {
  const job = newJob(id, kind, payload, runAt, deps.now());
  if (await putJob(deps.store, job)) await wakeAt(deps, job.id, runAt);
  return job;
}

/**
 * Once the transaction holding `jobs` committed: the jobs due now are handed to the dispatch
 * handler without waiting for them (the answer does not wait for a mail), the later ones get
 * their wake-up. If that fails or the process dies first, the sweep runs them.
 */
export async function deliverCommittedJobs(deps: Deps, jobs: JobRecord[]): Promise<void> {
  if (jobs.length === 0) return;
  crashPoint('jobs-committed');
  const now = deps.now().getTime();
  const due = jobs.filter((job) => Date.parse(job.runAt) <= now).map((job) => job.id);
  if (due.length > 0)
    await deps.scheduler.runSoon(due).catch((error: unknown) => logger.warn('runSoon failed; the sweep will run the jobs', { error: error as Error }));
  for (const job of jobs) if (Date.parse(job.runAt) > now) await wakeAt(deps, job.id, new Date(job.runAt));
}

/**
 * A job that is the only write of its request (a reset link asked for, a confirmation mail sent
 * again), due now: stored, then handed to the dispatch handler like a committed change's jobs.
 */
export async function queueJob(deps: Deps, kind: string, payload: Record<string, unknown>): Promise<JobRecord> {
  const job = newJob(newJobId(), kind, payload, deps.now(), deps.now());
  await putJob(deps.store, job);
  await deliverCommittedJobs(deps, [job]);
  return job;
}
