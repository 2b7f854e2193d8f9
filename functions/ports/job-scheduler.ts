/**
 * Deferred work (invitations at the dispatch date, reminders before a visit, the messages a
 * change committed). The job itself is stored in the table by the caller; the scheduler only
 * wakes the dispatch handler with its id: at `runAt` (EventBridge Scheduler in AWS, a poller
 * locally), or at once for jobs just committed (`runSoon`).
 */
export interface JobScheduler {
  schedule(jobId: string, runAt: Date): Promise<void>;
  cancel(jobId: string): Promise<void>;
  /**
   * Hands jobs due now to the dispatch handler without waiting for them to run, so that an answer
   * (a booking, a move) never waits for its mail. Best effort: a job it fails to hand over stays
   * on the due index and the sweep runs it.
   */
  runSoon(jobIds: string[]): Promise<void>;
}
