import type { JobScheduler } from '../../ports/job-scheduler';
import { signalRunSoon } from './run-soon-signal';

/**
 * Local stand-in for EventBridge Scheduler. Nothing to do per job: every job is written on the
 * due-time index by the jobs repository (in both runtimes), and the local poller
 * (infra/local/job-poller.ts) reads that index every second, as the sweep does in AWS. Jobs to
 * run at once are signalled to the poller, as AWS invokes the dispatch function asynchronously.
 */
export class DueIndexScheduler implements JobScheduler {
  async schedule(): Promise<void> {
    // The job item is on the due index already (see jobItem in functions/data/jobs-repository.ts).
  }

  async cancel(): Promise<void> {
    // cancelJob takes the job off the due index.
  }

  async runSoon(jobIds: string[]): Promise<void> {
    signalRunSoon(jobIds);
  }
}
