import { z } from 'zod';
import { newJob, type JobRecord } from '../../data/jobs-repository';
import type { MeetingRecord, PlanningRecord } from '../../data/plannings-repository';
import type { Deps } from '../../runtime/deps';
import { newJobId } from '../jobs/schedule-job';

/** The messages to one buyer that go out through a job (transactional outbox). */
export const buyerMessagePayloadSchema = z.object({
  planningId: z.string(),
  uuid: z.string(),
  /** 'convocation-move': an imposed visit moved, the buyer asked to confirm the new date. */
  message: z.enum(['invitation', 'confirmation', 'cancellation', 'convocation-move']),
  /** The visit the message is about (a cancellation names the cancelled one; a confirmation is dropped once moved). */
  start: z.string().nullable().optional(),
});
export type BuyerMessagePayload = z.infer<typeof buyerMessagePayloadSchema>;

export const buyerMessageJobKind = 'send-buyer-message';

/**
 * The job of one message to one buyer, due now: the caller puts it in the same transaction as
 * the change it reports, then hands it to the dispatcher (`deliverCommittedJobs`); if the process dies first, the
 * sweep sends it. The job id is the message's key: each recipient gets it at most once.
 */
export function buyerMessageJob(deps: Deps, planning: PlanningRecord, meeting: MeetingRecord, message: BuyerMessagePayload['message']): JobRecord {
  const payload: BuyerMessagePayload = { planningId: planning._id, uuid: meeting.uuid, message, start: meeting.start ?? null };
  return newJob(newJobId(), buyerMessageJobKind, payload, deps.now(), deps.now());
}
