import { listDueJobs } from '../../functions/data/jobs-repository';
import type { Db } from '../../functions/data/db';

/**
 * Local stand-in for EventBridge Scheduler: every second, calls the dispatch handler with each
 * due job's id, exactly as a schedule would.
 */
export function startJobPoller(db: Db, dispatch: (event: { jobId: string }) => Promise<unknown>, intervalMs = 1000): { stop(): void; tick(): Promise<void> } {
  let running = false;
  async function tick(): Promise<void> {
    if (running) return;
    running = true;
    try {
      for (const jobId of await listDueJobs(db, new Date())) await dispatch({ jobId });
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
