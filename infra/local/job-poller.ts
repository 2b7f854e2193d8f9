import { listDueJobs } from '../../functions/data/jobs-repository';
import type { Db } from '../../functions/data/db';
import { onRunSoon } from '../../functions/adapters/local/run-soon-signal';
import { mapWithConcurrency } from '../../functions/runtime/concurrency';
import { localNow } from '../../functions/runtime/clock';

type Dispatch = (event: { jobId: string }) => Promise<unknown>;

const logFailure = (error: unknown) => console.error('job poller:', (error as Error).message);

/**
 * The failures to report: none once stopping. Ctrl-C stops the workers under the jobs they were
 * running (« the worker running it exited »): nothing is lost, the next start's poller takes
 * those jobs again once their lease ends (docs/architecture.md « Deferred jobs »), so the user is
 * not told of them.
 */
function failureReporter(): { report(error: unknown): void; stop(): void } {
  let stopped = false;
  return {
    report: (error) => {
      if (!stopped) logFailure(error);
    },
    stop: () => {
      stopped = true;
    },
  };
}

/**
 * Local stand-in for the asynchronous invocation of the dispatch function: the jobs handed over
 * with `runSoon` in this process go to `dispatch` (in `npm start`, the worker pool; in the
 * single-process tests, the handler in this process), in the background. The workers' own
 * `runSoon` reach the pool over IPC (worker-pool.ts). `idle()` settles once every job handed over
 * so far has run (the tests wait for it; the product does not).
 */
export function deliverSignalledJobs(dispatch: Dispatch, concurrency = 4): { idle(): Promise<void>; stop(): void } {
  const running = new Set<Promise<unknown>>();
  const failures = failureReporter();
  const unsubscribe = onRunSoon((jobIds) => {
    const run = mapWithConcurrency(jobIds, concurrency, (jobId) => dispatch({ jobId }).catch(failures.report));
    running.add(run);
    void run.finally(() => running.delete(run));
  });
  return {
    idle: async () => {
      while (running.size > 0) await Promise.all([...running]);
    },
    stop: () => {
      failures.stop();
      unsubscribe();
    },
  };
}

/**
 * Local stand-in for EventBridge Scheduler and the sweep rule: every second, calls `dispatch` (the
 * dispatch handler, on the worker pool in `npm start`) with each job of the due index that is due
 * or whose lease expired (a job left running by a killed process comes back here), a few at a
 * time; jobs handed over by `runSoon` in this process run at once.
 */
export function startJobPoller(db: Db, dispatch: Dispatch, intervalMs = 1000, concurrency = 4): { stop(): void; tick(): Promise<void>; idle(): Promise<void> } {
  let running = false;
  const signalled = deliverSignalledJobs(dispatch, concurrency);
  const failures = failureReporter();
  async function tick(): Promise<void> {
    if (running) return;
    running = true;
    try {
      await mapWithConcurrency(await listDueJobs(db, localNow(), 100), concurrency, (jobId) => dispatch({ jobId }).catch(failures.report));
    } catch (error) {
      failures.report(error);
    } finally {
      running = false;
    }
  }
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  return {
    stop: () => {
      clearInterval(timer);
      failures.stop();
      signalled.stop();
    },
    tick,
    idle: signalled.idle,
  };
}
