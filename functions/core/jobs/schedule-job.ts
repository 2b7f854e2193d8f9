import { putJob, type JobRecord } from '../../data/jobs-repository';
import type { Deps } from '../../runtime/deps';
import { newCapabilityId } from '../security/ids';

/** Stores a job and asks the scheduler to wake the dispatch handler at `runAt`. */
export async function scheduleJob(deps: Deps, kind: string, payload: Record<string, unknown>, runAt: Date): Promise<JobRecord> {
  const job: JobRecord = {
    id: `job-${newCapabilityId(16)}`,
    kind,
    payload,
    runAt: runAt.toISOString(),
    status: 'pending',
    attempts: 0,
    createdAt: deps.now().toISOString(),
  };
  await putJob(deps.db, job);
  await deps.scheduler.schedule(job.id, runAt);
  return job;
}
