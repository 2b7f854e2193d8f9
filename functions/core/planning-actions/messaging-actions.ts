import { z } from 'zod';
import { phaseLabels } from '../../../shared/domain/planning';
import { missingContactTags, renderTags, unknownTagsIn } from '../../../shared/rules/message-tags';
import { tagMessages } from '../../../shared/messages/templates';
import { isValidPhone, toE164 } from '../../../shared/rules/phone';
import { toGsm7 } from '../../../shared/rules/gsm7';
import { getProgram, type ProgramRecord } from '../../data/programs-repository';
import { getMeeting, getPlanning, type PlanningRecord } from '../../data/plannings-repository';
import { deliverOnce } from '../jobs/deliver-once';
import { createHash } from 'node:crypto';
import { waveReasons, type WaveStarted } from '../../../shared/domain/send-wave';
import { claimRecentSend } from '../waves/recent-send';
import { loadWaveRecipient } from '../waves/wave-recipient';
import { startWave } from '../waves/start-wave';
import { buyerLabel, outcomeOfDeliveries, selectionRefusal, type WaveKindSpec } from '../waves/wave-kind';
import { notifyBuyer, onceDeliveryOf } from '../messaging/notify-buyer';
import type { Caller } from '../caller';
import type { Deps } from '../../runtime/deps';
import { NotFoundError, ValidationError } from '../errors';
import { programNotFound } from '../programs/program-access';
import { enforceRateLimit, type RateRule } from '../security/rate-limit';
import { actionMessages } from '../../../shared/messages/planning-actions';
import type { customMailSchema, shareEmailSchema, shareSmsSchema } from '../../../shared/domain/planning-action-requests';
import { loadStaffPlanningItem } from '../plannings/staff-actor';
import { planningShareTexts } from '../../../shared/messages/planning-share';

/** Staff messages to people outside the booking flow are rate-limited per user. */
const messagingRateRules = {
  customMail: { scope: 'custom-mail', limit: 20, windowSeconds: 3600 },
  share: { scope: 'share-planning', limit: 30, windowSeconds: 3600 },
} satisfies Record<string, RateRule>;

const emailPattern = /^[^\s@;,]+@[^\s@;,]+\.[^\s@;,]+$/;
const promoterTag = '[PROMOTER]';

async function programOf(deps: Deps, planning: PlanningRecord): Promise<ProgramRecord> {
  const program = await getProgram(deps.store, planning.projectId);
  if (!program) throw new NotFoundError(programNotFound);
  return program;
}

/** The ';'-separated copies of a custom mail, each a valid address. */
function parseCc(cc: string | undefined): string[] {
  const addresses = (cc ?? '')
    .split(';')
    .map((address) => address.trim())
    .filter(Boolean);
  if (addresses.some((address) => !emailPattern.test(address)))
    throw new ValidationError(actionMessages.invalidCc, [{ path: 'cc', message: actionMessages.invalidCc }]);
  return addresses.map((address) => address.toLowerCase());
}

/**
 * POST /rdv/{id}/mail-personnalise {customMail, subject, cc, uuids}: a mail written by staff to
 * the selected buyers. The subject starts with [PROMOTER], replaced by the promoter's name; tags
 * are checked like the planning's messages and replaced per buyer. Rate-limited per user.
 */
export async function sendCustomMail(deps: Deps, caller: Caller, planningId: string, request: z.infer<typeof customMailSchema>): Promise<WaveStarted> {
  if (!request.subject.startsWith(promoterTag))
    throw new ValidationError(actionMessages.subjectPrefix, [{ path: 'subject', message: actionMessages.subjectPrefix }]);
  const cc = parseCc(request.cc);
  const staff = await loadStaffPlanningItem(deps, caller, planningId);
  const text = `${request.subject}\n${request.customMail}`;
  if (unknownTagsIn(text).length > 0) throw new ValidationError(actionMessages.unknownTags, [{ path: 'customMail', message: actionMessages.unknownTags }]);
  const missing = missingContactTags(text, staff.planning.contact);
  if (missing.length > 0)
    throw new ValidationError(tagMessages.missingContact(missing), [{ path: 'customMail', message: tagMessages.missingContact(missing) }]);
  await enforceRateLimit(deps.store, messagingRateRules.customMail, caller.userId, deps.now());
  await programOf(deps, staff.planning);
  const params: CustomMailParams = { subject: request.subject, customMail: request.customMail, cc };
  return startWave(deps, { planningId, kind: 'custom', targets: request.uuids, actor: staff.actor, params, dedupe: true });
}

const customMailParams = z.object({ subject: z.string(), customMail: z.string(), cc: z.array(z.string()) });
type CustomMailParams = z.infer<typeof customMailParams>;

/** The same mail (subject, text, copies) to the same buyer within minutes is sent once. */
const customMailAction = (params: CustomMailParams) =>
  `custom-${createHash('sha256')
    .update(JSON.stringify([params.subject, params.customMail, params.cc]))
    .digest('base64url')
    .slice(0, 16)}`;

/** Each buyer of a custom mail's wave: its text rendered with the buyer's tags, sent once. */
export const customMailWave: WaveKindSpec<true> = {
  prepare: async (deps, wave) => ((await getPlanning(deps.store, wave.planningId)) ? true : null),
  // Any buyer of the planning may be written to; one not in it refuses the selection (part 2 §5).
  refusal: (state, targets) => selectionRefusal(state, targets, () => true, actionMessages.invalidSelection),
  claim: (deps, wave, _context, target, jobOf) =>
    claimRecentSend(deps, wave, customMailAction(customMailParams.parse(wave.params)), target, ['email'], () => jobOf()),
  async send(deps, wave, target, _payload, context) {
    const params = customMailParams.parse(wave.params);
    const recipient = await loadWaveRecipient(deps, wave, target);
    if ('outcome' in recipient) return recipient;
    const { planning, meeting, program, values } = recipient;
    const deliveries = await notifyBuyer(
      deps,
      planning,
      meeting,
      {
        kind: 'custom',
        subject: renderTags(program.promotername + params.subject.slice(promoterTag.length), values),
        mailText: renderTags(params.customMail, values),
        cc: params.cc,
      },
      onceDeliveryOf(context),
    );
    return { label: buyerLabel(meeting, target), outcome: outcomeOfDeliveries(deliveries) };
  },
  label: async (deps, wave, target) => buyerLabel(await getMeeting(deps.store, wave.planningId, target), target),
};

function shareText(planning: PlanningRecord, program: ProgramRecord, link: string): { subject: string; mail: string; sms: string } {
  const phase = phaseLabels[planning.phase];
  return {
    subject: planningShareTexts.subject(program.promotername, phase, planning.name),
    mail: ['Bonjour,', '', planningShareTexts.shares(program.promotername, phase, program.name, planning.name), '', planningShareTexts.readOnlyLink(link)].join(
      '\n',
    ),
    sms: toGsm7(planningShareTexts.sms(program.promotername, phase, program.name, link)),
  };
}

/** POST /rdv/{id}/share-email {emails}: the read-only calendar link by e-mail, as a wave (202). */
export async function shareByEmail(deps: Deps, caller: Caller, planningId: string, request: z.infer<typeof shareEmailSchema>): Promise<WaveStarted> {
  const emails = [...new Set(request.emails.map((email) => email.trim().toLowerCase()))];
  if (emails.some((email) => !emailPattern.test(email)))
    throw new ValidationError(actionMessages.invalidShareTarget, [{ path: 'emails', message: actionMessages.invalidShareTarget }]);
  const { planning, actor } = await loadStaffPlanningItem(deps, caller, planningId);
  await enforceRateLimit(deps.store, messagingRateRules.share, caller.userId, deps.now());
  await programOf(deps, planning);
  return startWave(deps, { planningId, kind: 'share-email', targets: emails, actor, dedupe: true });
}

/** POST /rdv/{id}/share-sms {phoneNumbers}: the read-only calendar link by SMS, as a wave (202). */
export async function shareBySms(deps: Deps, caller: Caller, planningId: string, request: z.infer<typeof shareSmsSchema>): Promise<WaveStarted> {
  const phones = request.phoneNumbers.map((phone) => (isValidPhone(phone) ? toE164(phone) : null));
  if (phones.some((phone) => !phone))
    throw new ValidationError(actionMessages.invalidShareTarget, [{ path: 'phoneNumbers', message: actionMessages.invalidShareTarget }]);
  const { planning, actor } = await loadStaffPlanningItem(deps, caller, planningId);
  await enforceRateLimit(deps.store, messagingRateRules.share, caller.userId, deps.now());
  await programOf(deps, planning);
  return startWave(deps, { planningId, kind: 'share-sms', targets: [...new Set(phones as string[])], actor, dedupe: true });
}

/**
 * Each address of a share wave: the link sent once (deliverOnce keys it by the job); a failure is
 * retried by the dispatcher.
 */
function shareWave(channel: 'email' | 'sms'): WaveKindSpec<true> {
  const spec: WaveKindSpec<true> = {
    prepare: async (deps, wave) => ((await getPlanning(deps.store, wave.planningId)) ? true : null),
    claim: (deps, wave, _context, target, jobOf) => claimRecentSend(deps, wave, `share-${channel}`, target, [channel], () => jobOf()),
    async send(deps, wave, target, _payload, { job }) {
      const planning = await getPlanning(deps.store, wave.planningId);
      if (!planning) return { label: target, outcome: { status: 'skipped', reason: waveReasons.noLongerConcerned } };
      const program = await programOf(deps, planning);
      const text = shareText(planning, program, `${deps.config.publicUrl}/pview/${planning.uuid}`);
      await deliverOnce(deps, job.id, target, channel, () =>
        channel === 'email' ? { channel, mail: { to: [target], subject: text.subject, text: text.mail } } : { channel, to: target, text: text.sms },
      );
      return { label: target, outcome: { status: 'sent' } };
    },
    label: async (_deps, _wave, target) => target,
  };
  return spec;
}

// Pure: only the dispatcher runs waves (see bulk-messages.ts).
export const shareEmailWave = /* @__PURE__ */ shareWave('email');
export const shareSmsWave = /* @__PURE__ */ shareWave('sms');
