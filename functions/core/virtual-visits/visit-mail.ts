import { z } from 'zod';
import { splitList } from '../../../shared/domain/virtual-visit';
import { formatParisDateTime } from '../../../shared/i18n/paris-dates';
import { recordDelivery } from '../../data/deliveries-repository';
import { getVirtualVisit, markVisitNotified, type VirtualVisitRecord } from '../../data/virtual-visits-repository';
import { getVisitPromoter, type VisitPromoter } from '../../data/visit-promoters-repository';
import type { Deps } from '../../runtime/deps';
import { deliverOnce } from '../jobs/deliver-once';
import type { JobContext } from '../jobs/job-context';
import { DeliveryRetryError } from '../messaging/delivery-retry-error';
import { greetingLine } from '../../../shared/rules/greeting';
import { isSendPaused } from '../jobs/send-paused';
import { waveMessages } from '../../../shared/messages/waves';
import { visitMailTexts } from '../../../shared/messages/virtual-visits';

/** The job that mails a visit's link to its addresses (part 2 §5), written with the visit. */
export const visitMailJobKind = 'virtual-visit-mail';
const visitMailPayload = z.object({ uuid: z.string() });

function publicVisitLink(deps: Deps, uuid: string): string {
  return `${deps.config.publicUrl.replace(/\/$/, '')}/immersion/${uuid}`;
}

/** The mail: the greeting, the promoter's (or the planning's) three paragraphs, the link and its validity. */
export function visitMail(deps: Deps, visit: VirtualVisitRecord, promoter: VisitPromoter | null): { subject: string; text: string } {
  const paragraphs = promoter ? [promoter.firstParagraph, promoter.secondParagraph, promoter.thirdParagraph] : [];
  return {
    subject: visitMailTexts.subject(promoter?.name ?? visitMailTexts.defaultSender, visit.pointer),
    text: [
      greetingLine({ nom: visit.name }),
      '',
      ...paragraphs.flatMap((paragraph) => [paragraph, '']),
      visitMailTexts.linkIntro,
      publicVisitLink(deps, visit.uuid),
      '',
      visitMailTexts.validUntil(formatParisDateTime(visit.endDate)),
      '',
      visitMailTexts.closing,
    ].join('\n'),
  };
}

/**
 * Runs the job: one mail per address, each at most once across retries (send records keyed by the
 * job), a line per address in the planning's delivery log when the visit is a buyer's, then the
 * visit is marked notified. A failed address makes the job retry (the others are not sent again).
 */
export async function sendVisitMail(deps: Deps, payload: Record<string, unknown>, { job, finalAttempt }: JobContext): Promise<void> {
  const visit = await getVirtualVisit(deps.store, visitMailPayload.parse(payload).uuid);
  if (!visit) return;
  const promoter = await getVisitPromoter(deps.store, visit.promoter);
  const mail = visitMail(deps, visit, promoter);
  const failures: string[] = [];
  for (const to of splitList(visit.email)) {
    const base = {
      id: `${job.id}-${to}`,
      planningId: visit.planningId ?? '',
      meetingUuid: visit.meetingUuid ?? '',
      kind: 'virtual-visit' as const,
      channel: 'email' as const,
      to,
      queuedAt: job.createdAt,
    };
    const log =
      visit.planningId && visit.meetingUuid ? (line: Parameters<typeof recordDelivery>[1]) => recordDelivery(deps.store, line) : async () => undefined;
    await log({ ...base, status: 'queued', at: job.createdAt });
    try {
      // Sent by an earlier run: not sent again, and the line says 'sent' (a crash may have left it 'queued').
      const { messageId, at } = await deliverOnce(deps, job.id, to, 'email', () => ({ channel: 'email', mail: { to: [to], ...mail } }));
      await log({ ...base, status: 'sent', messageId, at });
    } catch (error) {
      // Waiting for a quota: not a failure (the line stays queued, the job runs again).
      if (isSendPaused(error)) throw error;
      const reason = (error as Error).message || waveMessages.reasons.sendFailed;
      failures.push(`${to}: ${reason}`);
      await log({ ...base, status: finalAttempt ? 'dead' : 'failed', reason, at: deps.now().toISOString() });
    }
  }
  if (failures.length > 0) throw new DeliveryRetryError(failures.join('; '));
  await markVisitNotified(deps.store, visit.uuid);
}
