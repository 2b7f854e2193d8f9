import type { JobContext } from '../jobs/job-context';
import { toE164 } from '../../../shared/rules/phone';
import { recordDelivery, type Delivery } from '../../data/deliveries-repository';
import type { MeetingRecord, PlanningRecord } from '../../data/plannings-repository';
import { logger } from '../../runtime/logger';
import type { MailAttachment } from '../../ports/mailer';
import type { Deps } from '../../runtime/deps';
import { deliverOnce, type Outgoing } from '../jobs/deliver-once';
import { DeliveryRetryError } from './delivery-retry-error';
import { isSendPaused, type SendPausedError } from '../jobs/send-paused';
import { waveMessages } from '../../../shared/messages/waves';
import { deliveryNotes } from '../../../shared/messages/delivery-notes';

export interface BuyerMessage {
  kind: Delivery['kind'];
  subject: string;
  mailText?: string;
  smsText?: string;
  attachments?: MailAttachment[];
  /** Copies of the e-mail (staff's custom mail). */
  cc?: string[];
  /** What staff must know of the e-mail that left (a planning attachment left out): kept on its log line. */
  mailNote?: string;
}

/**
 * The note on an invitation's log line when the planning's attachment is gone from the file store:
 * the invitation still leaves (its link is what the buyer needs to book, and no retry would bring
 * the file back), and staff read, on the line marked sent, what the buyer did not receive.
 */
export function attachmentLeftOut(filename: string): string {
  return deliveryNotes.attachmentLeftOut(filename);
}

/**
 * A message sent by a job, which may run more than once: `messageKey` names it (the job id), so
 * each recipient gets it at most once (send records, idempotency key), its log lines keep one id
 * per channel from attempt to attempt, and a failed send throws so that the job is retried.
 */
export interface OnceDelivery {
  messageKey: string;
  queuedAt: string;
  /** The job's last attempt: a failure is logged as 'dead' (staff see it) rather than 'failed'. */
  finalAttempt: boolean;
}

/** The once-only delivery of a message sent by a job run: keyed by the job, dated by its creation. */
export function onceDeliveryOf(context: JobContext): OnceDelivery {
  return { messageKey: context.job.id, queuedAt: context.job.createdAt, finalAttempt: context.finalAttempt };
}

/**
 * Sends one message to a buyer by e-mail and SMS, as the planning and the buyer's notification
 * settings allow, once per job run (`once`), and records each delivery (queued, then sent or
 * failed with the reason). A failed send throws DeliveryRetryError after both channels were tried
 * (a wrong phone number is not retried: it is logged failed); a send waiting for a quota throws
 * its SendPausedError instead (the line stays queued: not a failure).
 */
export async function notifyBuyer(
  deps: Deps,
  planning: PlanningRecord,
  meeting: MeetingRecord,
  message: BuyerMessage,
  once: OnceDelivery,
): Promise<Delivery[]> {
  const deliveries: Delivery[] = [];
  const retryable: string[] = [];
  let paused: SendPausedError | undefined;
  const record = async (channel: Delivery['channel'], to: string, build: () => Outgoing, canRetry = true) => {
    const queuedAt = once.queuedAt;
    const base = { id: `${once.messageKey}-${channel}`, planningId: planning._id, meetingUuid: meeting.uuid, kind: message.kind, channel, to, queuedAt };
    // Queued first: a send that never returns (a crash, a timeout) stays visible as queued in the log.
    await recordDelivery(deps.store, { ...base, status: 'queued', at: queuedAt }, 'absent');
    let delivery: Delivery;
    try {
      // A message an earlier run of the job sent is not sent again, and its line is written 'sent'
      // now (a run killed between the send and the log had left it 'queued').
      const sent = await deliverOnce(deps, once.messageKey, to, channel, build);
      const note = channel === 'email' && message.mailNote ? { reason: message.mailNote } : {};
      delivery = { ...base, status: 'sent', messageId: sent.messageId, at: sent.at, ...note };
    } catch (error) {
      // Waiting for a quota: not a failure; its line stays queued and the job runs again later.
      if (isSendPaused(error)) {
        paused = paused && paused.until < error.until ? paused : error;
        return;
      }
      const reason = (error as Error).message || waveMessages.reasons.sendFailed;
      logger.warn('delivery failed', { planningId: planning._id, kind: message.kind, channel, error: reason });
      const dead = canRetry && once.finalAttempt;
      delivery = { ...base, status: dead ? 'dead' : 'failed', reason, at: deps.now().toISOString() };
      if (canRetry) retryable.push(`${channel}: ${reason}`);
    }
    await recordDelivery(deps.store, delivery, 'queued');
    deliveries.push(delivery);
  };

  const emails = [meeting.guest.mailmonsieur, meeting.guest.mailmadame].filter((email): email is string => !!email);
  if (message.mailText && planning.notifications.mail && meeting.notifMail && emails.length > 0) {
    const mail = {
      to: emails,
      ...(message.cc?.length ? { cc: message.cc } : {}),
      subject: message.subject,
      text: message.mailText,
      attachments: message.attachments,
    };
    await record('email', emails.join(', '), () => ({ channel: 'email', mail }));
  }
  if (message.smsText && planning.notifications.sms && meeting.notifSMS) {
    const text = message.smsText;
    const phone = toE164(meeting.guest.telephonemonsieur) ?? (meeting.guest.telephonemadame ? toE164(meeting.guest.telephonemadame) : null);
    if (phone) await record('sms', phone, () => ({ channel: 'sms', to: phone, text }));
    else
      await record(
        'sms',
        meeting.guest.telephonemonsieur,
        () => {
          throw new Error(deliveryNotes.invalidPhone);
        },
        false,
      );
  }
  // The job waits for the quota (its attempt not counted); the channels that left are skipped then.
  if (paused) throw paused;
  if (retryable.length > 0) throw new DeliveryRetryError(retryable.join('; '));
  return deliveries;
}
