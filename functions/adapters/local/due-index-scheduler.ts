import type { JobScheduler } from '../../ports/job-scheduler';

/**
 * Local stand-in for EventBridge Scheduler. Nothing to do per job: every job is written on the
 * due-time index by the jobs repository (in both runtimes), and the local poller
 * (infra/local/job-poller.ts) reads that index every second, as the sweep does in AWS.
 */
export class DueIndexScheduler implements JobScheduler {
  async schedule(): Promise<void> {
    // The job item is on the due index already (see jobItem in functions/data/jobs-repository.ts).
  }

  async cancel(): Promise<void> {
    // cancelJob takes the job off the due index.
  }
}
