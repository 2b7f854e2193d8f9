import { z } from 'zod';
import { dispatchJob } from '../core/jobs/dispatch-job';
import { getDeps } from '../runtime/deps';

const dispatchEvent = z.object({ jobId: z.string().min(1) });

/** Target of EventBridge Scheduler (and of the local poller): `{ jobId }`. */
export async function handler(event: unknown): Promise<{ jobId: string; outcome: string }> {
  const { jobId } = dispatchEvent.parse(event);
  return { jobId, outcome: await dispatchJob(getDeps(), jobId) };
}
