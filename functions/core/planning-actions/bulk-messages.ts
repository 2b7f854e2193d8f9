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
import { loadStaffPlanning } from './staff-actor';

interface BulkKind {
  kind: Extract<Delivery['kind'], 'relance' | 'rappel'>;
  action: string;
  mailField: MessageField;
  smsField: MessageField;
  mailDates: 'relancesMail' | 'rappelsMail';
  smsDates: 'relancesSMS' | 'rappelsSMS';
  subject: (promoter: string, phase: string) => string;
}

const relance: BulkKind = {
  kind: 'relance',
  action: historyActions.relance,
  mailField: 'mailrelancemessage',
  smsField: 'smsrelancemessage',
  mailDates: 'relancesMail',
  smsDates: 'relancesSMS',
  subject: (promoter, phase) => `${promoter} – n’oubliez pas de réserver votre visite ${phase}`,
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
  const staff = await loadStaffPlanning(deps, caller, planningId);
  const selected = selectMeetings(staff, uuids, (meeting) => bulkAllows(kind.kind, meeting));
  if (!channels.mail && !channels.sms) throw new ValidationError(actionMessages.channelRequired);
  const { planning } = staff;
  const program = await getProgram(deps.db, planning.projectId);
  if (!program) throw new NotFoundError(programNotFound);
  const subject = kind.subject(program.promotername, phaseLabels[planning.phase]);
  const sent = await mapWithConcurrency(selected, 8, async (meeting) => {
    const values = tagValues(planning, program, meeting, deps.config.publicUrl);
    const deliveries = await notifyBuyer(deps, planning, meeting, {
      kind: kind.kind,
      subject,
      mailText: channels.mail ? renderMessage(planning, kind.mailField, values) : undefined,
      smsText: channels.sms ? renderMessage(planning, kind.smsField, values) : undefined,
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
