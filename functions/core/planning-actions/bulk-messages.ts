import type { MessageField } from '../../../shared/domain/planning';
import type { Delivery } from '../../data/deliveries-repository';
import { getProgram } from '../../data/programs-repository';
import type { Caller } from '../../http/authenticate';
import type { Deps } from '../../runtime/deps';
import { NotFoundError, ValidationError } from '../errors';
import { renderMessage, tagValues } from '../messaging/message-context';
import { notifyBuyer } from '../messaging/notify-buyer';
import { programNotFound } from '../programs/program-access';
import { phaseLabels } from '../../../shared/domain/planning';
import { bulkAllows } from '../../../shared/rules/bulk-selection';
import { actionMessages, historyActions } from '../../../shared/domain/planning-action-messages';
import { mapWithConcurrency, selectMeetings } from './meeting-rules';
import { updateMeetingFields } from './planning-transaction';
import { bothPlanningKinds, loadStaffPlanning } from './staff-actor';
import { isImposed } from '../messaging/convocation-message';
import { defaultConvocationRelance } from '../../../shared/domain/convocation-messages';

interface BulkKind {
  kind: Extract<Delivery['kind'], 'relance' | 'rappel'>;
  action: string;
  mailField: MessageField;
  smsField: MessageField;
  mailDates: 'relancesMail' | 'rappelsMail';
  smsDates: 'relancesSMS' | 'rappelsSMS';
  subject: (promoter: string, phase: string) => string;
  /** An imposed planning's wording when it differs (issue 13): the relance asks for an answer to the convocation. */
  imposed?: { subject: (promoter: string, phase: string) => string; mail: string; sms: string };
}

const relance: BulkKind = {
  kind: 'relance',
  action: historyActions.relance,
  mailField: 'mailrelancemessage',
  smsField: 'smsrelancemessage',
  mailDates: 'relancesMail',
  smsDates: 'relancesSMS',
  subject: (promoter, phase) => `${promoter} – n’oubliez pas de réserver votre visite ${phase}`,
  imposed: { subject: (promoter, phase) => `${promoter} – merci de répondre à votre convocation : visite ${phase}`, ...defaultConvocationRelance },
};

const rappel: BulkKind = {
  kind: 'rappel',
  action: historyActions.rappel,
  mailField: 'mailrappelmessage',
  smsField: 'smsrappelmessage',
  mailDates: 'rappelsMail',
  smsDates: 'rappelsSMS',
  subject: (promoter, phase) => `${promoter} – rappel de votre visite ${phase}`,
};

async function sendBulk(deps: Deps, caller: Caller, planningId: string, kind: BulkKind, channels: { mail: boolean; sms: boolean }, uuids: string[]): Promise<{ done: number }> {
  const staff = await loadStaffPlanning(deps, caller, planningId, bothPlanningKinds);
  const { planning } = staff;
  const imposed = isImposed(planning);
  const selected = selectMeetings(staff, uuids, (meeting) => bulkAllows(kind.kind, meeting, imposed));
  if (!channels.mail && !channels.sms) throw new ValidationError(actionMessages.channelRequired);
  const program = await getProgram(deps.db, planning.projectId);
  if (!program) throw new NotFoundError(programNotFound);
  const wording = imposed ? kind.imposed : undefined;
  const subject = (wording?.subject ?? kind.subject)(program.promotername, phaseLabels[planning.phase]);
  const sent = await mapWithConcurrency(selected, 8, async (meeting) => {
    const values = tagValues(planning, program, meeting, deps.config.publicUrl);
    const deliveries = await notifyBuyer(deps, planning, meeting, {
      kind: kind.kind,
      subject,
      mailText: channels.mail ? renderMessage(planning, kind.mailField, values, wording?.mail) : undefined,
      smsText: channels.sms ? renderMessage(planning, kind.smsField, values, wording?.sms) : undefined,
    });
    const at = deps.now().toISOString();
    const mailSent = deliveries.some((delivery) => delivery.channel === 'email' && delivery.status === 'sent');
    const smsSent = deliveries.some((delivery) => delivery.channel === 'sms' && delivery.status === 'sent');
    if (!mailSent && !smsSent) return false;
    await updateMeetingFields(deps, staff.actor, meeting, kind.action, (current) => ({
      ...current,
      ...(mailSent ? { [kind.mailDates]: [...current[kind.mailDates], at] } : {}),
      ...(smsSent ? { [kind.smsDates]: [...current[kind.smsDates], at] } : {}),
    }));
    return true;
  });
  return { done: sent.filter(Boolean).length };
}

// POST /rdv/{id}/relancer {relanceMail, relanceSMS, uuids}
export function sendRelances(deps: Deps, caller: Caller, planningId: string, request: { relanceMail: boolean; relanceSMS: boolean; uuids: string[] }) {
  return sendBulk(deps, caller, planningId, relance, { mail: request.relanceMail, sms: request.relanceSMS }, request.uuids);
}

// POST /rdv/{id}/rappeler {rappelMail, rappelSMS, uuids}
export function sendRappels(deps: Deps, caller: Caller, planningId: string, request: { rappelMail: boolean; rappelSMS: boolean; uuids: string[] }) {
  return sendBulk(deps, caller, planningId, rappel, { mail: request.rappelMail, sms: request.rappelSMS }, request.uuids);
}
