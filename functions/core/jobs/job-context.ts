import type { JobRecord } from '../../data/jobs-repository';
import type { Deps } from '../../runtime/deps';

/** What a job runner knows of its run: the claimed job (its id keys the messages it sends). */
export interface JobContext {
  job: JobRecord;
  /** No retry follows a failure of this attempt. */
  finalAttempt: boolean;
}

/**
 * What the dispatcher gives every runner: its run, and the dispatcher itself for the jobs the
 * runner has just committed (a wave runs its message jobs inline, already inside the dispatcher).
 * Handing the dispatcher over, rather than importing it, keeps the runners free of it: the
 * dispatcher's registry of runners is what imports them.
 */
export interface JobRun extends JobContext {
  /** Runs a just-committed job now; never throws (the sweep delivers it if this run fails). */
  runJobNow: (jobId: string) => Promise<void>;
  /**
   * The run's claim on its job, when it has one (a request's inline run has none): `renew()`
   * moves its lease on, so that a run longer than one lease is not taken for dead, and answers
   * false once another run took the job over (this one should stop).
   */
  claim?: { renew: () => Promise<boolean> };
}

/**
 * What each kind of deferred job does. A runner may run again after a crash or a failure (the
 * claim has a lease, failures are retried): each one is written so that a re-run does no harm
 * (send records keyed by the job id, conditional claims of invitations).
 */
export type JobRunner = (deps: Deps, payload: Record<string, unknown>, run: JobRun) => Promise<void>;

/**
 * A kind whose jobs must be accounted for even when dead-lettered without running (claimed again
 * after their runner died on the last attempt): a wave's message counts its recipient failed, so
 * that the wave ends (part 2 §5 bulk actions).
 */
export interface JobKindRunner {
  run: JobRunner;
  deadLettered: (deps: Deps, job: JobRecord) => Promise<void>;
}

/**
 * The runners by job kind (`functions/dispatch/job-runners.ts`), handed to the dispatcher by the
 * dispatch handler: the registry stands above the areas whose use cases it runs, so that none of
 * them imports it back (docs/architecture.md « Core areas, top-down »).
 */
export type JobRunners = Readonly<Record<string, JobRunner | JobKindRunner>>;
