import { z } from 'zod';
import { operationMessages } from '../../../shared/messages/operations';
import { newJob, putJob } from '../../data/jobs-repository';
import { getOperation, recordOperationStep, type OperationRecord, type OperationStepRecord } from '../../data/operations-repository';
import { logger } from '../../runtime/logger';
import type { Deps } from '../../runtime/deps';
import type { JobKindRunner, JobRun, JobRunner } from '../jobs/job-context';
import { deliverCommittedJobs } from '../jobs/schedule-job';
import { operationJobId, operationJobKind } from './operation-job';

/**
 * What one step of an operation came to:
 * - `progress`: more to do; the progress (and the state the next step reads) is recorded;
 * - `done`: finished with its result;
 * - `failed`: refused for a reason the user can act on (a bad file), in French.
 * A step that throws is retried by the job system (backoff); on the job's last attempt the
 * operation fails with a generic message.
 */
export type StepOutcome =
  | { kind: 'progress'; done: number; total?: number; step?: string; state?: Record<string, unknown> }
  | { kind: 'done'; result: Record<string, unknown>; done?: number }
  | { kind: 'failed'; message: string; details?: unknown };

/**
 * One step of an operation: bounded work (a few seconds at most), and idempotent: a step may run
 * again after a crash (its outcome was not recorded), so it writes conditioned on absence, or
 * the same values again. It reads where it is from `operation.cursor` and `operation.state`.
 */
export type OperationStep = (deps: Deps, operation: OperationRecord, run: JobRun) => Promise<StepOutcome>;

/**
 * How long one run of an operation's job goes on stepping before it hands over to its next run:
 * well inside the job function's timeout and the local runtime's 1-minute lease, so that a run
 * is never taken over while alive.
 */
function operationRunBudgetMs(env: NodeJS.ProcessEnv = process.env): number {
  const configured = Number(env.LIVREA_OPERATION_RUN_MS);
  return Number.isFinite(configured) && configured > 0 ? configured : 20_000;
}

const payloadSchema = z.object({ operationId: z.string(), run: z.number().int().min(0) });

function recordOf(operation: OperationRecord, outcome: StepOutcome): OperationStepRecord {
  if (outcome.kind === 'progress')
    return {
      status: 'running',
      progress: { done: outcome.done, total: outcome.total ?? operation.progress.total },
      step: outcome.step,
      state: outcome.state,
    };
  if (outcome.kind === 'done')
    return { status: 'done', progress: { done: outcome.done ?? operation.progress.total, total: operation.progress.total }, result: outcome.result };
  return { status: 'failed', progress: operation.progress, error: { message: outcome.message, details: outcome.details } };
}

/**
 * The job runner of one kind of operation: runs its steps one after the other, recording each
 * conditioned on the cursor it read, until the operation ends or the run's budget is spent; then
 * queues the next run (its id derived from this one's, put if absent) and hands it to the
 * dispatcher. A run killed anywhere leaves its job leased: the sweep runs it again from the
 * operation's cursor.
 *
 * Each recorded step renews the run's claim, so a live run is never taken for dead. When another
 * runner recorded the step first, a run that still holds its job's claim reads the operation
 * again and goes on: the other may be a run that has just lost the claim, or a request's inline
 * run, and stop there; ending this job then would leave the operation running with no job to
 * resume it. A run without a claim (inline), or whose claim was taken over, stops.
 */
export function operationRunner(step: OperationStep): JobRunner {
  return async (deps, payload, run) => {
    const { operationId, run: runNumber } = payloadSchema.parse(payload);
    const started = Date.now();
    let operation = await getOperation(deps.store, operationId);
    // At least one step per run, so that every run moves the operation on.
    while (operation && operation.status === 'running') {
      const outcome = await stepOrGiveUp(deps, operation, run, step);
      const change = recordOf(operation, outcome);
      const recorded = await recordOperationStep(deps.store, operationId, operation.cursor, change, deps.now());
      const goesOn = run.claim ? await run.claim.renew() : recorded;
      if (!goesOn) return;
      operation = recorded
        ? { ...operation, ...change, cursor: operation.cursor + 1, state: change.state ?? operation.state }
        : await getOperation(deps.store, operationId);
      if (operation?.status === 'running' && Date.now() - started > operationRunBudgetMs()) return handOver(deps, operation, runNumber + 1);
    }
  };
}

/**
 * An operation kind's entry in the job registry: its runner, and, when its job is dead-lettered
 * without running (claimed again after its runner died on the last attempt), the operation ended
 * failed with the French message, so that no screen follows it forever.
 */
export function operationJob(runner: JobRunner): JobKindRunner {
  return { run: runner, deadLettered: (deps, job) => failOperation(deps, payloadSchema.parse(job.payload).operationId) };
}

async function failOperation(deps: Deps, operationId: string): Promise<void> {
  // A step recorded meanwhile by a late runner moves the cursor: read it again.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const operation = await getOperation(deps.store, operationId);
    if (!operation || operation.status !== 'running') return;
    const change = recordOf(operation, { kind: 'failed', message: operationMessages.failedUnexpectedly });
    if (await recordOperationStep(deps.store, operationId, operation.cursor, change, deps.now())) return;
  }
}

/** Queues the operation's next run (put if absent: a run redone after a crash queues it once) and hands it to the dispatcher. */
async function handOver(deps: Deps, operation: OperationRecord, runNumber: number): Promise<void> {
  const next = newJob(
    operationJobId(operation.id, runNumber),
    operationJobKind(operation.kind),
    { operationId: operation.id, run: runNumber },
    deps.now(),
    deps.now(),
  );
  if (await putJob(deps.store, next)) await deliverCommittedJobs(deps, [next]);
}

async function stepOrGiveUp(deps: Deps, operation: OperationRecord, run: JobRun, step: OperationStep): Promise<StepOutcome> {
  try {
    return await step(deps, operation, run);
  } catch (error) {
    if (!run.finalAttempt) throw error;
    logger.error('operation given up after its last attempt', { operationId: operation.id, kind: operation.kind, error: error as Error });
    return { kind: 'failed', message: operationMessages.failedUnexpectedly };
  }
}
