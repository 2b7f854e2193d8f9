import { toE164 } from '../../../shared/rules/phone';
import { recordDelivery, type Delivery } from '../../data/deliveries-repository';
import type { MeetingRecord, PlanningRecord } from '../../data/plannings-repository';
import { logger } from '../../http/logger';
import type { MailAttachment } from '../../ports/mailer';
import type { Deps } from '../../runtime/deps';
import { newCapabilityId } from '../security/ids';

export interface BuyerMessage {
  kind: Delivery['kind'];
  subject: string;
  mailText?: string;
  smsText?: string;
  attachments?: MailAttachment[];
  /** Copies of the e-mail (staff's custom mail). */
  cc?: string[];
}

/**
 * Sends one message to a buyer by e-mail and SMS, as the planning and the buyer's notification
 * settings allow, and records each delivery (queued, then sent or failed with the reason). Never throws for a
 * delivery failure: the booking or the invitation it follows stays done.
 */
export async function notifyBuyer(deps: Deps, planning: PlanningRecord, meeting: MeetingRecord, message: BuyerMessage): Promise<Delivery[]> {
  const deliveries: Delivery[] = [];
  const record = async (channel: Delivery['channel'], to: string, send: () => Promise<{ messageId: string }>) => {
    const queuedAt = deps.now().toISOString();
    const base = { id: newCapabilityId(9), planningId: planning._id, meetingUuid: meeting.uuid, kind: message.kind, channel, to, queuedAt };
    // Queued first: a send that never returns (a crash, a timeout) stays visible as queued in the log.
    await recordDelivery(deps.db, { ...base, status: 'queued', at: queuedAt });
    let delivery: Delivery;
    try {
      const { messageId } = await send();
      delivery = { ...base, status: 'sent', messageId, at: deps.now().toISOString() };
    } catch (error) {
      logger.warn('delivery failed', { planningId: planning._id, kind: message.kind, channel, error: (error as Error).message });
      delivery = { ...base, status: 'failed', reason: (error as Error).message || 'Échec de l’envoi', at: deps.now().toISOString() };
    }
    await recordDelivery(deps.db, delivery);
    deliveries.push(delivery);
  };

  const emails = [meeting.guest.mailmonsieur, meeting.guest.mailmadame].filter((email): email is string => !!email);
  if (message.mailText && planning.notifications.mail && meeting.notifMail && emails.length > 0) {
    await record('email', emails.join(', '), () => deps.mailer.send({ to: emails, ...(message.cc?.length ? { cc: message.cc } : {}), subject: message.subject, text: message.mailText!, attachments: message.attachments }));
  }
  if (message.smsText && planning.notifications.sms && meeting.notifSMS) {
    const phone = toE164(meeting.guest.telephonemonsieur) ?? (meeting.guest.telephonemadame ? toE164(meeting.guest.telephonemadame) : null);
    if (phone) await record('sms', phone, () => deps.sms.send(phone, message.smsText!));
    else await record('sms', meeting.guest.telephonemonsieur, () => Promise.reject(new Error('Numéro de téléphone invalide')));
  }
  return deliveries;
}
