import { z } from 'zod';
import type { Deps } from '../../runtime/deps';
import type { JobRun } from '../jobs/job-context';
import { scheduleJob } from '../jobs/schedule-job';
import { mapWithConcurrency } from '../../runtime/concurrency';
import { sizeFromEnv } from '../../runtime/size-from-env';
import { sendInvitations } from './send-invitations';

/**
 * Buyers invited per run of the `send-invitations` job: each run claims and sends at most this
 * many (a few seconds), well inside the job function's 5-minute timeout, then queues the next run.
 * LIVREA_WAVE_BATCH_SIZE lowers it for tests, as it does a bulk wave's batch (run-wave.ts).
 */
const invitationBatchSize = sizeFromEnv('LIVREA_WAVE_BATCH_SIZE', 50);

const wavePayload = z.object({ planningId: z.string(), uuids: z.array(z.string()).optional(), seq: z.number().int().min(0).default(0) });

/**
 * One run of an invitation wave. The next run's id is derived from this one's, so a run re-done
 * after a crash finds it stored already and does not start a second one.
 */
export async function continueInvitationWave(deps: Deps, payload: Record<string, unknown>, { job, runJobNow }: JobRun): Promise<void> {
  const { planningId, uuids, seq } = wavePayload.parse(payload);
  const { more, jobIds } = await sendInvitations(deps, planningId, uuids, invitationBatchSize);
  // Inside the dispatcher already: this batch's messages are sent here, a few at a time.
  await mapWithConcurrency(jobIds, 4, (jobId) => runJobNow(jobId));
  if (!more) return;
  const root = job.id.split('.')[0];
  await scheduleJob(deps, 'send-invitations', { planningId, ...(uuids ? { uuids } : {}), seq: seq + 1 }, deps.now(), `${root}.${seq + 1}`);
}
