import { z } from 'zod';
import { newJob, type JobRecord } from '../../data/jobs-repository';
import { type MeetingRecord, type PlanningRecord, getPlanningAndMeeting } from '../../data/plannings-repository';
import type { Deps } from '../../runtime/deps';
import type { JobContext } from '../jobs/job-context';
import { newJobId } from '../jobs/schedule-job';
import { notifyBuyer, onceDeliveryOf } from '../messaging/notify-buyer';
import { greeting } from '../../../shared/rules/greeting';
import { waitlistMessages } from '../../../shared/messages/waitlist';
import type { WaitHold } from '../../../shared/domain/waitlist';
import { heldStartLabel, holdEndLabel } from '../../../shared/rules/hold-labels';

/** The mail and SMS telling a waiter of the start held for them. */
export const waitlistOfferJobKind = 'waitlist-offer';

const payloadSchema = z.object({ planningId: z.string(), uuid: z.string(), start: z.string(), until: z.string() });

/** The offer's job, written in the transaction that writes the hold. */
export function waitlistOfferJob(deps: Deps, planning: PlanningRecord, meeting: MeetingRecord, hold: WaitHold): JobRecord {
  return newJob(
    newJobId(),
    waitlistOfferJobKind,
    { planningId: planning._id, uuid: meeting.uuid, start: hold.start, until: hold.until },
    deps.now(),
    deps.now(),
  );
}

/**
 * Sends the offer once (send records keyed by the job), only while the hold it announces is still
 * the buyer's: a hold taken, given up or replaced since sends nothing.
 */
export async function sendWaitlistOffer(deps: Deps, payload: Record<string, unknown>, context: JobContext): Promise<void> {
  const { planningId, uuid, start, until } = payloadSchema.parse(payload);
  const [planning, meeting] = await getPlanningAndMeeting(deps.store, planningId, uuid);
  if (!planning || !meeting || meeting.waitHold?.start !== start || meeting.waitHold.until !== until) return;
  if (Date.parse(until) <= deps.now().getTime()) return;
  const link = `${deps.config.publicUrl}/entrevue/${uuid}`;
  const label = heldStartLabel(meeting.waitHold);
  const hhmm = holdEndLabel(meeting.waitHold);
  await notifyBuyer(
    deps,
    planning,
    meeting,
    {
      kind: 'waitlist',
      subject: waitlistMessages.mailSubject(planning.name),
      mailText: waitlistMessages.mailText(greeting(meeting.guest), label, hhmm, link),
      smsText: waitlistMessages.smsText(label, hhmm, link),
    },
    onceDeliveryOf(context),
  );
}
