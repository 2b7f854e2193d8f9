/**
 * Deferred work (invitations at the dispatch date, reminders before a visit). The job itself is
 * stored in the table by the caller; the scheduler only wakes the dispatch handler with its id at
 * `runAt`: EventBridge Scheduler in AWS, a poller locally.
 */
export interface JobScheduler {
  schedule(jobId: string, runAt: Date): Promise<void>;
  cancel(jobId: string): Promise<void>;
}
