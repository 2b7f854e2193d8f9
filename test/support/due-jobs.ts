import { listDueJobs } from '../../functions/data/jobs-repository';
import { getDeps } from '../../functions/runtime/deps';
import { handler as dispatch } from '../../functions/dispatch/handler';

/**
 * Runs the jobs due now through the real dispatch handler, as the poller or EventBridge would,
 * until none is left (an invitation wave queues its next batch of 50 as a new job due now).
 */
export async function runDueJobs(): Promise<number> {
  let total = 0;
  for (let round = 0; round < 50; round += 1) {
    const ids = await listDueJobs(getDeps().store, new Date(Date.now() + 1000), 100);
    if (ids.length === 0) break;
    for (const jobId of ids) await dispatch({ jobId });
    total += ids.length;
  }
  return total;
}
