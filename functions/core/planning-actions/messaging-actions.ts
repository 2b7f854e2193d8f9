import type { z } from 'zod';
import { phaseLabels } from '../../../shared/domain/planning';
import { missingContactTags, renderTags, tagMessages, unknownTagsIn } from '../../../shared/rules/message-tags';
import { isValidPhone, toE164 } from '../../../shared/rules/phone';
import { toGsm7 } from '../../../shared/rules/gsm7';
import { getProgram, type ProgramRecord } from '../../data/programs-repository';
import type { PlanningRecord } from '../../data/plannings-repository';
import type { Caller } from '../../http/authenticate';
import type { Deps } from '../../runtime/deps';
import { NotFoundError, ValidationError } from '../errors';
import { tagValues } from '../messaging/message-context';
import { notifyBuyer } from '../messaging/notify-buyer';
import { programNotFound } from '../programs/program-access';
import { enforceRateLimit, type RateRule } from '../security/rate-limit';
import { actionMessages } from '../../../shared/domain/planning-action-messages';
import { mapWithConcurrency, selectMeetings } from './meeting-rules';
import type { customMailSchema, shareEmailSchema, shareSmsSchema } from '../../../shared/domain/planning-action-requests';
import { loadStaffPlanning } from './staff-actor';

/** Staff messages to people outside the booking flow are rate-limited per user. */
export const messagingRateRules = {
  customMail: { scope: 'custom-mail', limit: 20, windowSeconds: 3600 },
  share: { scope: 'share-planning', limit: 30, windowSeconds: 3600 },
} satisfies Record<string, RateRule>;

const emailPattern = /^[^\s@;,]+@[^\s@;,]+\.[^\s@;,]+$/;
const promoterTag = '[PROMOTER]';

async function programOf(deps: Deps, planning: PlanningRecord): Promise<ProgramRecord> {
  const program = await getProgram(deps.db, planning.projectId);
  if (!program) throw new NotFoundError(programNotFound);
  return program;
}

/** The ';'-separated copies of a custom mail, each a valid address. */
export function parseCc(cc: string | undefined): string[] {
  const addresses = (cc ?? '').split(';').map((address) => address.trim()).filter(Boolean);
  if (addresses.some((address) => !emailPattern.test(address))) throw new ValidationError(actionMessages.invalidCc, [{ path: 'cc', message: actionMessages.invalidCc }]);
  return addresses.map((address) => address.toLowerCase());
}

/**
 * POST /rdv/{id}/mail-personnalise {customMail, subject, cc, uuids}: a mail written by staff to
 * the selected buyers. The subject starts with [PROMOTER], replaced by the promoter's name; tags
 * are checked like the planning's messages and replaced per buyer. Rate-limited per user.
 */
export async function sendCustomMail(deps: Deps, caller: Caller, planningId: string, request: z.infer<typeof customMailSchema>): Promise<{ done: number }> {
  if (!request.subject.startsWith(promoterTag)) throw new ValidationError(actionMessages.subjectPrefix, [{ path: 'subject', message: actionMessages.subjectPrefix }]);
  const cc = parseCc(request.cc);
  const staff = await loadStaffPlanning(deps, caller, planningId);
  const selected = selectMeetings(staff, request.uuids, () => true);
  const text = `${request.subject}\n${request.customMail}`;
  if (unknownTagsIn(text).length > 0) throw new ValidationError(actionMessages.unknownTags, [{ path: 'customMail', message: actionMessages.unknownTags }]);
  const missing = missingContactTags(text, staff.planning.contact);
  if (missing.length > 0) throw new ValidationError(tagMessages.missingContact(missing), [{ path: 'customMail', message: tagMessages.missingContact(missing) }]);
  await enforceRateLimit(deps.db, messagingRateRules.customMail, caller.userId, deps.now());
  const program = await programOf(deps, staff.planning);
  const sent = await mapWithConcurrency(selected, 8, async (meeting) => {
    const values = tagValues(staff.planning, program, meeting, deps.config.publicUrl);
    const deliveries = await notifyBuyer(deps, staff.planning, meeting, {
      kind: 'custom',
      subject: renderTags(program.promotername + request.subject.slice(promoterTag.length), values),
      mailText: renderTags(request.customMail, values),
      cc,
    });
    return deliveries.some((delivery) => delivery.channel === 'email' && delivery.status === 'sent');
  });
  return { done: sent.filter(Boolean).length };
}

function shareText(planning: PlanningRecord, program: ProgramRecord, link: string): { subject: string; mail: string; sms: string } {
  const phase = phaseLabels[planning.phase];
  return {
    subject: `${program.promotername} – planning des visites ${phase} : ${planning.name}`,
    mail: [
      'Bonjour,',
      '',
      `${program.promotername} partage avec vous le planning des visites « ${phase} » du programme ${program.name} (${planning.name}).`,
      '',
      `Consultez-le ici (lecture seule) : ${link}`,
    ].join('\n'),
    sms: toGsm7(`${program.promotername} : planning des visites ${phase} du programme ${program.name} : ${link}`),
  };
}

/** POST /rdv/{id}/share-email {emails}: the read-only calendar link by e-mail. */
export async function shareByEmail(deps: Deps, caller: Caller, planningId: string, request: z.infer<typeof shareEmailSchema>): Promise<{ message: string; done: number }> {
  const emails = [...new Set(request.emails.map((email) => email.trim().toLowerCase()))];
  if (emails.some((email) => !emailPattern.test(email))) throw new ValidationError(actionMessages.invalidShareTarget, [{ path: 'emails', message: actionMessages.invalidShareTarget }]);
  const { planning } = await loadStaffPlanning(deps, caller, planningId);
  await enforceRateLimit(deps.db, messagingRateRules.share, caller.userId, deps.now());
  const program = await programOf(deps, planning);
  const text = shareText(planning, program, `${deps.config.publicUrl}/pview/${planning.uuid}`);
  for (const email of emails) await deps.mailer.send({ to: [email], subject: text.subject, text: text.mail });
  return { message: actionMessages.shared, done: emails.length };
}

/** POST /rdv/{id}/share-sms {phoneNumbers}: the read-only calendar link by SMS. */
export async function shareBySms(deps: Deps, caller: Caller, planningId: string, request: z.infer<typeof shareSmsSchema>): Promise<{ message: string; done: number }> {
  const phones = request.phoneNumbers.map((phone) => (isValidPhone(phone) ? toE164(phone) : null));
  if (phones.some((phone) => !phone)) throw new ValidationError(actionMessages.invalidShareTarget, [{ path: 'phoneNumbers', message: actionMessages.invalidShareTarget }]);
  const { planning } = await loadStaffPlanning(deps, caller, planningId);
  await enforceRateLimit(deps.db, messagingRateRules.share, caller.userId, deps.now());
  const program = await programOf(deps, planning);
  const text = shareText(planning, program, `${deps.config.publicUrl}/pview/${planning.uuid}`);
  const unique = [...new Set(phones as string[])];
  for (const phone of unique) await deps.sms.send(phone, text.sms);
  return { message: actionMessages.shared, done: unique.length };
}
