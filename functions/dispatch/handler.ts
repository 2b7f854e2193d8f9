import { z } from 'zod';
import { dispatchJob, sweepDueJobs } from '../core/jobs/dispatch-job';
import { jobRunners } from './job-runners';
import { mapWithConcurrency } from '../runtime/concurrency';
import { getDeps } from '../runtime/deps';

/**
 * `{ jobId }`: one job, from its EventBridge schedule (or the local poller).
 * `{ jobIds }`: jobs just committed by a request, handed over by `runSoon` (asynchronous invocation).
 * `{ sweep: true }`: every minute from an EventBridge rule: the jobs due and the expired leases.
 * The runners of every job kind are registered here, with the dispatcher (the runners never
 * import the dispatcher: those that run jobs inline get it with their run).
 */
const dispatchEvent = z.union([
  z.object({ jobId: z.string().min(1).max(200) }),
  z.object({ jobIds: z.array(z.string().min(1).max(200)).min(1).max(100) }),
  z.object({ sweep: z.literal(true) }),
]);

/** Leaves this much of the invocation's time to the jobs already started by a sweep. */
const sweepReserveMs = 90_000;
/** Without a Lambda context (locally), a sweep stops starting jobs after this long. */
const localSweepMs = 60_000;

interface LambdaContextLike {
  getRemainingTimeInMillis?: () => number;
}

type JobAnswer = { jobId: string; outcome: string };
type JobsAnswer = { jobIds: string[]; outcomes: string[] };
type SweepAnswer = { sweep: true; dispatched: number };

export async function handler(event: { jobId: string }, context?: LambdaContextLike): Promise<JobAnswer>;
export async function handler(event: { jobIds: string[] }, context?: LambdaContextLike): Promise<JobsAnswer>;
export async function handler(event: { sweep: true }, context?: LambdaContextLike): Promise<SweepAnswer>;
export async function handler(event: unknown, context?: LambdaContextLike): Promise<JobAnswer | JobsAnswer | SweepAnswer>;
export async function handler(event: unknown, context?: LambdaContextLike): Promise<JobAnswer | JobsAnswer | SweepAnswer> {
  const parsed = dispatchEvent.parse(event);
  if ('jobId' in parsed) return { jobId: parsed.jobId, outcome: await dispatchJob(getDeps(), parsed.jobId, jobRunners) };
  if ('jobIds' in parsed)
    return { jobIds: parsed.jobIds, outcomes: await mapWithConcurrency(parsed.jobIds, 4, (jobId) => dispatchJob(getDeps(), jobId, jobRunners)) };
  const remaining = context?.getRemainingTimeInMillis?.();
  const deadline = Date.now() + (remaining !== undefined ? Math.max(0, remaining - sweepReserveMs) : localSweepMs);
  return { sweep: true, dispatched: await sweepDueJobs(getDeps(), deadline, jobRunners) };
}
