import { z } from 'zod';
import { dispatchJob, sweepDueJobs } from '../core/jobs/dispatch-job';
import { getDeps } from '../runtime/deps';

/**
 * `{ jobId }`: one job, from its EventBridge schedule (or the local poller).
 * `{ sweep: true }`: every minute from an EventBridge rule: the jobs due and the expired leases.
 */
const dispatchEvent = z.union([z.object({ jobId: z.string().min(1) }), z.object({ sweep: z.literal(true) })]);

/** Leaves this much of the invocation's time to the jobs already started by a sweep. */
const sweepReserveMs = 90_000;
/** Without a Lambda context (locally), a sweep stops starting jobs after this long. */
const localSweepMs = 60_000;

interface LambdaContextLike {
  getRemainingTimeInMillis?: () => number;
}

type JobAnswer = { jobId: string; outcome: string };
type SweepAnswer = { sweep: true; dispatched: number };

export async function handler(event: { jobId: string }, context?: LambdaContextLike): Promise<JobAnswer>;
export async function handler(event: { sweep: true }, context?: LambdaContextLike): Promise<SweepAnswer>;
export async function handler(event: unknown, context?: LambdaContextLike): Promise<JobAnswer | SweepAnswer>;
export async function handler(event: unknown, context?: LambdaContextLike): Promise<JobAnswer | SweepAnswer> {
  const parsed = dispatchEvent.parse(event);
  if ('jobId' in parsed) return { jobId: parsed.jobId, outcome: await dispatchJob(getDeps(), parsed.jobId) };
  const remaining = context?.getRemainingTimeInMillis?.();
  const deadline = Date.now() + (remaining !== undefined ? Math.max(0, remaining - sweepReserveMs) : localSweepMs);
  return { sweep: true, dispatched: await sweepDueJobs(getDeps(), deadline) };
}
