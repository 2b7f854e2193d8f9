import { type ChildProcess, fork } from 'node:child_process';
import type { LocalRequest, LocalResponse } from './api-dispatcher';
import { gatewayAnswers, integrationTimeoutMs, jobTimeoutMs } from './gateway-limits';
import { bundleIfStale } from './local-bundle';
import { projectRoot } from './project-root';
import { toBuffer, type PoolTask, type WorkerMessage } from './worker-messages';

const root = projectRoot();
const workerEntry = 'infra/local/worker.ts';
/** Lambda gives a new instance's init (loading the handler's code) 10 s, not counted in the timeout. */
const initLimitMs = 10_000;
/**
 * How long a due job may wait while API requests run. On AWS the dispatch function's instances
 * are not the API's and do not slow its requests; here they share the machine, so a job starts
 * once no request runs, or after this wait (a steady stream of requests does not starve it).
 */
const jobWaitWhileRequestsMs = 3_000;

type JobEvent = { jobId: string } | { jobIds: string[] };
type Task = { kind: 'api'; request: LocalRequest } | { kind: 'job'; event: JobEvent } | { kind: 'environment'; changes: Record<string, string> };

interface Pending {
  task: Task;
  /** When it was queued (epoch ms). */
  queuedAt: number;
  answer(response?: LocalResponse): void;
  fail(reason: string): void;
}

interface Worker {
  child: ChildProcess;
  ready: boolean;
  /** The task in progress; `started` once the worker has received it. */
  running?: { id: number; pending: Pending; timer: NodeJS.Timeout; timeoutMs: number; started: boolean; startedAt?: number };
}

/** A task the pool ran, for whoever counts what it cost (scripts/bench/cost.ts): an API request or a dispatch event. */
export type RanTask = { kind: 'api'; method: string; url: string } | { kind: 'job' };

export interface WorkerPool {
  size: number;
  /** Runs an API request on the first free worker (queued while all are busy). */
  dispatch(request: LocalRequest): Promise<LocalResponse>;
  /** Calls the dispatch handler on the first free worker, as EventBridge or an asynchronous invocation does. */
  runJob(event: JobEvent): Promise<void>;
  /** Settles once every job the workers handed over (runSoon) so far has run. */
  idle(): Promise<void>;
  /** The workers' process ids (a crash test kills one). */
  pids(): number[];
  /**
   * Points every worker at another environment (local-product.ts `useTable`): the running tasks end
   * first, the queued jobs are dropped (they belong to the table left), then each worker takes the
   * variables and builds its dependencies again, keeping the handlers it has loaded.
   */
  useEnvironment(changes: Record<string, string>): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Which queued task a free worker takes: the oldest API request, else the oldest job unless API
 * requests are running and it has not waited `jobWaitWhileRequestsMs` yet (then how long until it may).
 */
export function pickTask(queue: { kind: 'api' | 'job'; queuedAt: number }[], apiRunning: boolean, now: number): { index: number } | { waitMs: number } {
  const apiIndex = queue.findIndex((waiting) => waiting.kind === 'api');
  if (apiIndex !== -1) return { index: apiIndex };
  const startsAt = queue[0].queuedAt + jobWaitWhileRequestsMs;
  return apiRunning && now < startsAt ? { waitMs: startsAt - now } : { index: 0 };
}

/** LIVREA_WORKERS, else 4. */
function workerCount(): number {
  const configured = Math.floor(Number(process.env.LIVREA_WORKERS));
  return Number.isFinite(configured) && configured >= 1 ? configured : 4;
}

/**
 * The local stand-in for Lambda's instances: `size` node processes running the handlers
 * (worker.ts), each serving one task at a time and sharing no memory with the others, as Lambda
 * instances do. A task goes to any free worker; while all are busy, tasks wait in arrival order,
 * API requests before jobs.
 * An API request past the integration timeout answers API Gateway's 503 and its worker is killed
 * and replaced (Lambda abandons a timed-out instance); a worker that dies is replaced; its request
 * answers API Gateway's 500. Jobs a worker hands over with runSoon come back to the pool.
 */
export async function startWorkerPool(
  options: { size?: number; env?: NodeJS.ProcessEnv; onTaskDone?: (task: RanTask, durationMs: number) => void } = {},
): Promise<WorkerPool> {
  const size = options.size ?? workerCount();
  const env = { ...(options.env ?? process.env) };
  const workers = new Set<Worker>();
  const queue: Pending[] = [];
  const jobsInFlight = new Set<Promise<void>>();
  let nextId = 1;
  let stopping = false;
  /** While the environment changes: no task starts; `drained` is told once none runs. */
  let holding = false;
  let drained: (() => void) | undefined;
  let jobRecheck: NodeJS.Timeout | undefined;

  let bundle: string | undefined;
  /**
   * Each worker runs worker.ts bundled, as each Lambda runs its bundle: one file read and compiled,
   * where the sources through tsx cost each worker twice the CPU to load (thousands of modules
   * resolved and transformed one by one). Checked at each spawn: a worker replaced after an edit
   * runs the edited code, as it did when it read the sources; while an edit does not build, the
   * replacements keep the last bundle.
   */
  function workerBundle(): string {
    try {
      bundle = bundleIfStale(root, workerEntry, 'worker');
    } catch (error) {
      if (!bundle) throw error;
      console.error(`worker pool: the sources do not build, a new worker runs the last bundle: ${(error as Error).message}`);
    }
    return bundle;
  }

  function spawnWorker(): Promise<Worker> {
    const child = fork(workerBundle(), [], {
      cwd: root,
      env,
      // Stack traces name the .ts lines (the bundle's map).
      execArgv: ['--enable-source-maps'],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const worker: Worker = { child, ready: false };
    workers.add(worker);
    return new Promise((started, failed) => {
      child.on('message', (message: WorkerMessage) => {
        if (message.type === 'ready') {
          worker.ready = true;
          started(worker);
          next();
        } else if (message.type === 'started') {
          const running = worker.running;
          if (running?.id !== message.id) return;
          // The timeout counts from here: the worker's init (the handler's first load) is Lambda's init phase.
          running.started = true;
          running.startedAt = performance.now();
          clearTimeout(running.timer);
          running.timer = setTimeout(() => timeOut(worker, running.timeoutMs), running.timeoutMs);
        } else if (message.type === 'run-soon') {
          void trackJob(runJob({ jobIds: message.jobIds }).catch((error: unknown) => console.error('job (runSoon):', (error as Error).message)));
        } else if (worker.running?.id === message.id) {
          const { pending, timer, startedAt } = worker.running;
          clearTimeout(timer);
          worker.running = undefined;
          if (options.onTaskDone && startedAt !== undefined) {
            const { task } = pending;
            options.onTaskDone(
              task.kind === 'api' ? { kind: 'api', method: task.request.method, url: task.request.url } : { kind: 'job' },
              performance.now() - startedAt,
            );
          }
          if (message.type === 'done') pending.answer(message.response && { ...message.response, body: toBuffer(message.response.body) });
          else pending.fail(message.message);
          next();
        }
      });
      child.on('error', (error) => console.error('worker pool:', error.message));
      child.on('exit', (code, signal) => {
        workers.delete(worker);
        if (!worker.ready) failed(new Error(`a worker stopped while starting (code ${code}, signal ${signal})`));
        const running = worker.running;
        worker.running = undefined;
        if (running) {
          clearTimeout(running.timer);
          // A task the dead worker never received goes to another one; one it was running fails.
          if (running.started) running.pending.fail(`the worker running it exited (code ${code}, signal ${signal})`);
          else queue.unshift(running.pending);
        }
        if (stopping) return;
        next();
        // A Lambda instance that dies is replaced on the next invocation; here at once (after a
        // pause when it died starting, so that a broken worker does not spin).
        setTimeout(
          () => void spawnWorker().catch((error: unknown) => console.error('worker pool:', (error as Error).message)),
          worker.ready ? 0 : 1000,
        ).unref();
      });
    });
  }

  function next(): void {
    if (holding) {
      if (drained && ![...workers].some((worker) => worker.running)) drained();
      return;
    }
    for (const worker of workers) {
      if (queue.length === 0) return;
      if (!worker.ready || worker.running || !worker.child.connected) continue;
      // API requests first: on AWS the dispatch function's instances are not the API's, so the
      // confirmations a burst of bookings hands over must not hold the workers the next buyers
      // wait for. Jobs take a worker once no request waits nor runs, or after a short wait (they
      // are due, not urgent).
      const apiRunning = [...workers].some((busy) => busy.running?.pending.task.kind === 'api');
      const picked = pickTask(
        // Only requests and jobs are ever queued (an environment change goes to each worker directly).
        queue.map((waiting) => ({ kind: waiting.task.kind === 'api' ? 'api' : 'job', queuedAt: waiting.queuedAt })),
        apiRunning,
        Date.now(),
      );
      if ('waitMs' in picked) return recheckIn(picked.waitMs);
      const pending = queue.splice(picked.index, 1)[0];
      const id = nextId++;
      const timeoutMs = pending.task.kind === 'api' ? integrationTimeoutMs(env) : jobTimeoutMs(env);
      // Until the worker starts it, the task may also spend Lambda's 10-second init phase.
      const timer = setTimeout(() => timeOut(worker, timeoutMs), initLimitMs + timeoutMs);
      worker.running = { id, pending, timer, timeoutMs, started: false };
      // A worker that died meanwhile cannot take it: its exit puts the task back in the queue.
      worker.child.send({ id, ...pending.task } as PoolTask, (error) => error && undefined);
    }
  }

  /** Looks at the queue again in `ms` (a job that waited for the running requests long enough). */
  function recheckIn(ms: number): void {
    if (jobRecheck) return;
    jobRecheck = setTimeout(() => {
      jobRecheck = undefined;
      next();
    }, ms);
    jobRecheck.unref();
  }

  function timeOut(worker: Worker, timeoutMs: number): void {
    const running = worker.running;
    if (!running) return;
    worker.running = undefined;
    running.pending.fail(`timed out after ${timeoutMs} ms`);
    // Lambda stops a timed-out instance; the exit above brings a new worker.
    worker.child.kill('SIGKILL');
  }

  function trackJob(job: Promise<void>): Promise<void> {
    jobsInFlight.add(job);
    // Its failure is the caller's to handle: this bookkeeping must not add an unhandled rejection.
    const forget = () => void jobsInFlight.delete(job);
    job.then(forget, forget);
    return job;
  }

  function runJob(event: JobEvent): Promise<void> {
    return new Promise<void>((done, failed) => {
      queue.push({
        task: { kind: 'job', event },
        queuedAt: Date.now(),
        answer: () => done(),
        fail: (reason) => failed(new Error(`dispatch ${JSON.stringify(event)}: ${reason}`)),
      });
      next();
    });
  }

  function dispatch(request: LocalRequest): Promise<LocalResponse> {
    return new Promise<LocalResponse>((answered) => {
      const route = `${request.method} ${request.url.split('?')[0]}`;
      queue.push({
        task: { kind: 'api', request },
        queuedAt: Date.now(),
        answer: (response) => answered(response ?? gatewayAnswers.internalError()),
        fail: (reason) => {
          const timedOut = reason.startsWith('timed out');
          // Logged as API Gateway's access log and Lambda's report would show it.
          console.error(`API Gateway ${timedOut ? 503 : 500}: ${route} ${reason}${timedOut ? '; its worker is replaced' : ''}`);
          answered(timedOut ? gatewayAnswers.unavailable() : gatewayAnswers.internalError());
        },
      });
      next();
    });
  }

  try {
    await Promise.all(Array.from({ length: size }, () => spawnWorker()));
  } catch (error) {
    stopping = true;
    for (const worker of workers) worker.child.kill('SIGKILL');
    throw error;
  }

  return {
    size,
    dispatch,
    runJob: (event) => trackJob(runJob(event)),
    idle: async () => {
      while (jobsInFlight.size > 0) await Promise.allSettled([...jobsInFlight]);
    },
    pids: () => [...workers].map((worker) => worker.child.pid ?? 0),
    useEnvironment: async (changes) => {
      holding = true;
      for (const [index, pending] of [...queue.entries()].reverse()) if (pending.task.kind === 'job') queue.splice(index, 1)[0].answer();
      await new Promise<void>((done) => {
        drained = done;
        next();
      });
      drained = undefined;
      // A worker spawned from now on starts with the new variables.
      Object.assign(env, changes);
      await Promise.all(
        [...workers].map((worker) => {
          // One still starting took the old variables: replaced (its exit spawns one with the new ones).
          if (!worker.ready || !worker.child.connected) return void worker.child.kill('SIGKILL');
          return new Promise<void>((done, failed) => {
            const id = nextId++;
            const task: Task = { kind: 'environment', changes };
            const pending: Pending = { task, queuedAt: Date.now(), answer: () => done(), fail: (reason) => failed(new Error(reason)) };
            const timer = setTimeout(() => timeOut(worker, initLimitMs), initLimitMs);
            worker.running = { id, pending, timer, timeoutMs: initLimitMs, started: true };
            worker.child.send({ id, ...task } as PoolTask, (error) => error && undefined);
          });
        }),
      );
      holding = false;
      next();
    },
    stop: async () => {
      stopping = true;
      clearTimeout(jobRecheck);
      for (const pending of queue.splice(0)) pending.fail('the pool stopped');
      await Promise.all(
        [...workers].map(
          (worker) =>
            new Promise<void>((exited) => {
              if (worker.child.exitCode !== null || worker.child.signalCode !== null) return exited();
              worker.child.once('exit', () => exited());
              worker.child.kill('SIGTERM');
              setTimeout(() => worker.child.kill('SIGKILL'), 2000).unref();
            }),
        ),
      );
    },
  };
}
