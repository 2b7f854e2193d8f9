import { z } from 'zod';
import type { MessageField } from '../../../shared/domain/planning';
import { waveReasons, type WaveStarted } from '../../../shared/domain/send-wave';
import { bulkAllows } from '../../../shared/rules/bulk-selection';
import { actionMessages, historyActions } from '../../../shared/messages/planning-actions';
import type { Delivery } from '../../data/deliveries-repository';
import { commitMeetingFields } from '../../data/planning-writes';
import { getMeeting, loadPlanningWithMeetings, type MeetingRecord, type PlanningRecord, type PlanningState } from '../../data/plannings-repository';
import { getProgram, type ProgramRecord } from '../../data/programs-repository';
import type { Caller } from '../caller';
import type { Deps } from '../../runtime/deps';
import { ValidationError } from '../errors';
import { isImposed } from '../messaging/convocation-message';
import { mailSubjects, renderMessage } from '../messaging/message-context';
import { notifyBuyer, onceDeliveryOf } from '../messaging/notify-buyer';
import { claimRecentSend } from '../waves/recent-send';
import { loadWaveRecipient } from '../waves/wave-recipient';
import { startWave } from '../waves/start-wave';
import { buyerLabel, outcomeOfDeliveries, selectionRefusal, waveActorSchema, type WaveKindSpec } from '../waves/wave-kind';
import { historyEntry } from './planning-transaction';
import { bothPlanningKinds, loadStaffPlanningItem, type StaffActor } from '../plannings/staff-actor';
interface BulkKind {
  kind: Extract<Delivery['kind'], 'relance' | 'rappel'>;
  action: string;
  mailField: MessageField;
  smsField: MessageField;
  mailDates: 'relancesMail' | 'rappelsMail';
  smsDates: 'relancesSMS' | 'rappelsSMS';
  /** Worded for the planning's type: an imposed planning's relance asks for an answer to the convocation. */
  subject: (program: ProgramRecord, planning: PlanningRecord) => string;
}

const relance: BulkKind = {
  kind: 'relance',
  action: historyActions.relance,
  mailField: 'mailrelancemessage',
  smsField: 'smsrelancemessage',
  mailDates: 'relancesMail',
  smsDates: 'relancesSMS',
  subject: mailSubjects.relance,
};

const rappel: BulkKind = {
  kind: 'rappel',
  action: historyActions.rappel,
  mailField: 'mailrappelmessage',
  smsField: 'smsrappelmessage',
  mailDates: 'rappelsMail',
  smsDates: 'rappelsSMS',
  subject: mailSubjects.reminder,
};

type Channel = 'email' | 'sms';

/**
 * POST /rdv/{id}/relancer and /rappeler: the messages go as a wave (202 at once, no meeting read
 * here); its first run refuses the whole selection if any selected buyer does not qualify (part 2
 * §5) before anything is sent. Identical
 * requests within minutes are one wave, and a buyer relanced (or reminded) on a channel by one
 * wave is left out of the others for that channel (recent-send claims): a double-click sends once.
 */
async function sendBulk(
  deps: Deps,
  caller: Caller,
  planningId: string,
  kind: BulkKind,
  channels: { mail: boolean; sms: boolean },
  uuids: string[],
): Promise<WaveStarted> {
  const staff = await loadStaffPlanningItem(deps, caller, planningId, bothPlanningKinds);
  if (!channels.mail && !channels.sms) throw new ValidationError(actionMessages.channelRequired);
  return startWave(deps, { planningId, kind: kind.kind, targets: uuids, actor: staff.actor, params: channels, dedupe: true });
}

const bulkParams = z.object({ mail: z.boolean(), sms: z.boolean(), actor: waveActorSchema });
const bulkPayload = z.object({ channels: z.array(z.enum(['email', 'sms'])) });

interface BulkContext {
  state: PlanningState;
  program: ProgramRecord;
}

/**
 * The dates of a relance (or rappel) that went out, appended once per message job: a marker keyed
 * by the job is written with them, so a job run again after a crash appends nothing more.
 */
async function appendSentDates(deps: Deps, kind: BulkKind, jobId: string, meeting: MeetingRecord, sent: Channel[], actor: StaffActor): Promise<void> {
  if (sent.length === 0) return;
  const at = deps.now().toISOString();
  const after = {
    ...meeting,
    ...(sent.includes('email') ? { [kind.mailDates]: [...meeting[kind.mailDates], at] } : {}),
    ...(sent.includes('sms') ? { [kind.smsDates]: [...meeting[kind.smsDates], at] } : {}),
  };
  const entry = historyEntry(actor, { before: meeting, after, action: kind.action }, at);
  // A lost race (the job's dates already written by a previous run, or the meeting changed) writes nothing.
  await commitMeetingFields(deps.store, meeting, after, at, entry, { jobId });
}

function bulkWave(kind: BulkKind): WaveKindSpec<BulkContext> {
  const spec: WaveKindSpec<BulkContext> = {
    async prepare(deps, wave, batch) {
      const state = await loadPlanningWithMeetings(deps.store, wave.planningId, batch);
      const program = state ? await getProgram(deps.store, state.planning.projectId) : null;
      return state && program ? { state, program } : null;
    },
    refusal: (state, targets) =>
      selectionRefusal(state, targets, (meeting) => bulkAllows(kind.kind, meeting, isImposed(state.planning)), actionMessages.invalidSelection),
    async claim(deps, wave, { state }, target, jobOf) {
      const meeting = state.meetings.find((candidate) => candidate.uuid === target);
      if (!meeting || !bulkAllows(kind.kind, meeting, isImposed(state.planning))) return { kind: 'skipped', reason: waveReasons.noLongerConcerned };
      const { mail, sms } = bulkParams.parse(wave.params);
      const channels: Channel[] = [...(mail ? ['email' as const] : []), ...(sms ? ['sms' as const] : [])];
      return claimRecentSend(deps, wave, kind.kind, target, channels, (free) => jobOf({ channels: free }));
    },
    async send(deps, wave, target, payload, context) {
      const { channels } = bulkPayload.parse(payload);
      const recipient = await loadWaveRecipient(deps, wave, target);
      if ('outcome' in recipient) return recipient;
      const { planning, meeting, program, values } = recipient;
      const deliveries = await notifyBuyer(
        deps,
        planning,
        meeting,
        {
          kind: kind.kind,
          subject: kind.subject(program, planning),
          mailText: channels.includes('email') ? renderMessage(planning, kind.mailField, values) : undefined,
          smsText: channels.includes('sms') ? renderMessage(planning, kind.smsField, values) : undefined,
        },
        onceDeliveryOf(context),
      );
      const sent = (['email', 'sms'] as const).filter((channel) => deliveries.some((delivery) => delivery.channel === channel && delivery.status === 'sent'));
      await appendSentDates(deps, kind, context.job.id, meeting, sent, bulkParams.parse(wave.params).actor);
      return { label: buyerLabel(meeting, target), outcome: outcomeOfDeliveries(deliveries) };
    },
    label: async (deps, wave, target) => buyerLabel(await getMeeting(deps.store, wave.planningId, target), target),
  };
  return spec;
}

// Pure: only the dispatcher runs waves, so the API function that starts them drops these specs
// from its bundle, and with them every send (its role may not send: infra/stacks/group-permissions.ts).
export const relanceWave = /* @__PURE__ */ bulkWave(relance);
export const rappelWave = /* @__PURE__ */ bulkWave(rappel);

// POST /rdv/{id}/relancer {relanceMail, relanceSMS, uuids}
export function sendRelances(deps: Deps, caller: Caller, planningId: string, request: { relanceMail: boolean; relanceSMS: boolean; uuids: string[] }) {
  return sendBulk(deps, caller, planningId, relance, { mail: request.relanceMail, sms: request.relanceSMS }, request.uuids);
}

// POST /rdv/{id}/rappeler {rappelMail, rappelSMS, uuids}
export function sendRappels(deps: Deps, caller: Caller, planningId: string, request: { rappelMail: boolean; rappelSMS: boolean; uuids: string[] }) {
  return sendBulk(deps, caller, planningId, rappel, { mail: request.rappelMail, sms: request.rappelSMS }, request.uuids);
}
