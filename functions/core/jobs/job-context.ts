import type { JobRecord } from '../../data/jobs-repository';

/** What a job runner knows of its run: the claimed job (its id keys the messages it sends). */
export interface JobContext {
  job: JobRecord;
  /** No retry follows a failure of this attempt. */
  finalAttempt: boolean;
}
