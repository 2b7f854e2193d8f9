import { claimJob, deadLetterJob, deferJob, finishJob, listDueJobs, renewJobLease, retryJob, type JobRecord } from '../../data/jobs-repository';
import { logger } from '../../runtime/logger';
import type { Deps } from '../../runtime/deps';
import { mapWithConcurrency } from '../../runtime/concurrency';
import { countJobMetric } from './job-metrics';
import { jobLeaseMs, maxJobAttempts, retryDelayMs } from './job-policy';
import type { JobRunners } from './job-context';
import { isSendPaused } from './send-paused';

export type DispatchOutcome = 'done' | 'skipped' | 'retry' | 'dead' | 'deferred';

/**
 * Runs a due job once: the claim is conditional, so a job delivered twice (EventBridge retries,
 * the sweep, an inline run after a commit) runs once; a cancelled or finished job is skipped.
 * A failure puts it back on the due index after a backoff; after `maxJobAttempts` it is
 * dead-lettered (metric `Livrea/JobDeadLettered`; the buyer-message runners also mark the
 * delivery log line of their last attempt). A send past a sending quota defers the job instead,
 * uncounted. A runner killed mid-way loses its lease, and the
 * next sweep claims the job again: runners are therefore written to be re-run (send records).
 */
export async function dispatchJob(deps: Deps, jobId: string, runners: JobRunners): Promise<DispatchOutcome> {
  const claimed = await claimJob(deps.store, jobId, deps.now(), jobLeaseMs(deps));
  if (!claimed) return 'skipped';
  // The claim as last renewed by the runner: the job is ended under that lease.
  let job: JobRecord = claimed;
  const claim = {
    renew: async () => {
      const renewed = await renewJobLease(deps.store, job, deps.now(), jobLeaseMs(deps));
      if (renewed) job = renewed;
      return renewed !== null;
    },
  };
  if (job.attempts > maxJobAttempts) {
    // Claimed again after its runner died on the last attempt (a crash loop): stop here.
    await deadLetterJob(deps.store, job, deps.now(), job.lastError ?? 'lease expired on the last attempt');
    countJobMetric(deps, 'JobDeadLettered', job.kind, job.id);
    // A kind that accounts for its dead letters (a wave's message counts its recipient failed, so that the wave ends).
    const entry = runners[job.kind];
    if (entry && typeof entry !== 'function') await entry.deadLettered(deps, job);
    return 'dead';
  }
  try {
    const entry = runners[job.kind];
    const runner = typeof entry === 'function' ? entry : entry?.run;
    if (!runner) throw new Error(`unknown job kind ${job.kind}`);
    await runner(deps, job.payload, { job, finalAttempt: job.attempts >= maxJobAttempts, runJobNow: (next) => runJobNow(deps, next, runners), claim });
    await finishJob(deps.store, job, deps.now());
    return 'done';
  } catch (error) {
    if (isSendPaused(error)) {
      // Past a sending quota (docs/deploy.md « Sending quotas »): the job waits until it has room
      // again, found then by the sweep, its attempt given back: never a failure or a dead letter.
      logger.info('job waits for a sending quota', { jobId, kind: job.kind, reason: error.reason, until: error.until.toISOString() });
      await deferJob(deps.store, job, error.until);
      return 'deferred';
    }
    const message = (error as Error).message || String(error);
    logger.error('job failed', { jobId, kind: job.kind, attempt: job.attempts, error: error as Error });
    countJobMetric(deps, 'JobFailed', job.kind, job.id);
    if (job.attempts >= maxJobAttempts) {
      await deadLetterJob(deps.store, job, deps.now(), message);
      countJobMetric(deps, 'JobDeadLettered', job.kind, job.id);
      return 'dead';
    }
    await retryJob(deps.store, job, new Date(deps.now().getTime() + retryDelayMs(job.attempts)), message);
    return 'retry';
  }
}

/**
 * Runs a job just committed by a use case (transactional outbox) for low latency. Never throws:
 * the change it follows is done; if this run fails or the process dies, the sweep delivers it.
 */
export async function runJobNow(deps: Deps, jobId: string, runners: JobRunners): Promise<void> {
  await dispatchJob(deps, jobId, runners).catch((error: unknown) =>
    logger.warn('inline job run failed; the sweep will run it', { jobId, error: error as Error }),
  );
}

/**
 * The sweep (`{ "sweep": true }` every minute in AWS, the poller every second locally): runs the
 * jobs due now and those whose lease expired, a few at a time, until none is left or `deadline`
 * (epoch ms) is near. Returns how many were dispatched.
 */
export async function sweepDueJobs(deps: Deps, deadline: number, runners: JobRunners, concurrency = 4): Promise<number> {
  let dispatched = 0;
  while (Date.now() < deadline) {
    const due = await listDueJobs(deps.store, deps.now(), 100);
    if (due.length === 0) break;
    const outcomes = await mapWithConcurrency(due, concurrency, (jobId) =>
      Date.now() < deadline ? dispatchJob(deps, jobId, runners) : Promise.resolve<DispatchOutcome>('skipped'),
    );
    dispatched += outcomes.filter((outcome) => outcome !== 'skipped').length;
    // Everything listed was claimed by someone else meanwhile: the next sweep looks again.
    if (outcomes.every((outcome) => outcome === 'skipped')) break;
  }
  return dispatched;
}
