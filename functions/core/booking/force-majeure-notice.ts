import { z } from 'zod';
import { forceMajeureNotice } from '../../../shared/messages/convocation';
import { formatParisDateTime } from '../../../shared/i18n/paris-dates';
import { recordDelivery } from '../../data/deliveries-repository';
import { newJob, type JobRecord } from '../../data/jobs-repository';
import { type MeetingRecord, type PlanningRecord, getPlanningAndMeeting } from '../../data/plannings-repository';
import { getUserById } from '../../data/users-repository';
import type { Deps } from '../../runtime/deps';
import { mailOnce } from '../jobs/deliver-once';
import type { JobContext } from '../jobs/job-context';
import { newJobId } from '../jobs/schedule-job';
import { DeliveryRetryError } from '../messaging/delivery-retry-error';
import { isSendPaused } from '../jobs/send-paused';
import { waveMessages } from '../../../shared/messages/waves';
import { deliveryNotes } from '../../../shared/messages/delivery-notes';

export const forceMajeureJobKind = 'notify-force-majeure';
const payloadSchema = z.object({ planningId: z.string(), uuid: z.string() });

/** The staff notice of a force majeure, written in the transaction that records the buyer's answer. */
export function forceMajeureJob(deps: Deps, planning: PlanningRecord, meeting: MeetingRecord): JobRecord {
  return newJob(newJobId(), forceMajeureJobKind, { planningId: planning._id, uuid: meeting.uuid }, deps.now(), deps.now());
}

/** Who is told: the planning's contact, its notified persons and the staff member who created it. */
async function staffRecipients(deps: Deps, planning: PlanningRecord): Promise<string[]> {
  const creator = await getUserById(deps.store, planning.createdBy);
  const emails = [planning.contact.contactMail, ...(planning.notifiedList ?? []).map((person) => person.email), creator?.email];
  return [...new Set(emails.filter((email): email is string => !!email).map((email) => email.toLowerCase()))];
}

/**
 * The `notify-force-majeure` job: mails the staff the buyer's reason once (send record keyed by
 * the job), and writes the planning's delivery log line, which staff see with the row.
 */
export async function notifyForceMajeure(deps: Deps, payload: Record<string, unknown>, { job, finalAttempt }: JobContext): Promise<void> {
  const { planningId, uuid } = payloadSchema.parse(payload);
  const [planning, meeting] = await getPlanningAndMeeting(deps.store, planningId, uuid);
  if (!planning || !meeting) return;
  const to = await staffRecipients(deps, planning);
  const base = {
    id: `${job.id}-email`,
    planningId,
    meetingUuid: uuid,
    kind: 'force-majeure' as const,
    channel: 'email' as const,
    to: to.join(', ') || '—',
    queuedAt: job.createdAt,
  };
  if (to.length === 0) {
    await recordDelivery(deps.store, {
      ...base,
      status: 'failed',
      reason: deliveryNotes.noRecipient,
      at: deps.now().toISOString(),
    });
    return;
  }
  await recordDelivery(deps.store, { ...base, status: 'queued', at: job.createdAt }, 'absent');
  const notice = forceMajeureNotice({
    nom: meeting.guest.nom,
    lotcomm: meeting.guest.lotcomm,
    planningName: planning.name,
    start: meeting.start ? formatParisDateTime(meeting.start) : '',
    note: meeting.note ?? '',
  });
  try {
    // Sent by an earlier run: not sent again, and the line says 'sent' (a crash may have left it 'queued').
    const { messageId, at } = await mailOnce(deps, job.id, { to, subject: notice.subject, text: notice.text });
    await recordDelivery(deps.store, { ...base, status: 'sent', messageId, at }, 'queued');
  } catch (error) {
    // Waiting for a quota: not a failure (the line stays queued, the job runs again).
    if (isSendPaused(error)) throw error;
    const reason = (error as Error).message || waveMessages.reasons.sendFailed;
    await recordDelivery(deps.store, { ...base, status: finalAttempt ? 'dead' : 'failed', reason, at: deps.now().toISOString() }, 'queued');
    throw new DeliveryRetryError(reason);
  }
}
