import { listDueJobs } from '../../functions/data/jobs-repository';
import type { Db } from '../../functions/data/db';
import { mapWithConcurrency } from '../../functions/core/planning-actions/meeting-rules';

/**
 * Local stand-in for EventBridge Scheduler and the sweep rule: every second, calls the dispatch
 * handler with each job of the due index that is due or whose lease expired (a job left running
 * by a killed process comes back here), a few at a time.
 */
export function startJobPoller(db: Db, dispatch: (event: { jobId: string }) => Promise<unknown>, intervalMs = 1000, concurrency = 4): { stop(): void; tick(): Promise<void> } {
  let running = false;
  async function tick(): Promise<void> {
    if (running) return;
    running = true;
    try {
      await mapWithConcurrency(await listDueJobs(db, new Date(), 100), concurrency, (jobId) =>
        dispatch({ jobId }).catch((error: unknown) => console.error('job poller:', (error as Error).message)),
      );
    } catch (error) {
      console.error('job poller:', (error as Error).message);
    } finally {
      running = false;
    }
  }
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer), tick };
}
