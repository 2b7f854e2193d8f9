import { z } from 'zod';
import { waveReasons, type WaveKind } from '../../../shared/domain/send-wave';
import type { Delivery } from '../../data/deliveries-repository';
import { newJob, type JobRecord } from '../../data/jobs-repository';
import type { MeetingRecord, PlanningState } from '../../data/plannings-repository';
import type { WaveOutcome, WaveRecord } from '../../data/waves-repository';
import type { Deps } from '../../runtime/deps';
import type { JobContext } from '../jobs/job-context';

/** Who started a wave (stored in its params): the history of the meetings it changes names them. */
export const waveActorSchema = z.object({ userId: z.string(), name: z.string(), impersonator: z.object({ _id: z.string(), name: z.string() }).optional() });

/** The job that sends one recipient's message of a wave (its id: `<waveId>.m<index>`). */
export const waveMessageJobKind = 'wave-message';

/** The claim of one recipient: its message job (written with the claim), or why it is left out. */
export type WaveClaim = { kind: 'claimed'; job: JobRecord | null } | { kind: 'skipped'; reason: string };

/**
 * What one kind of bulk action does with each recipient. `claim` writes, in one transaction,
 * whatever makes the recipient's send once-only (the meeting's invitation flag, a recent-send
 * record, the cancelled visit) together with the message job it builds with `jobOf`; `send` is
 * that job's work, run by the dispatcher (possibly more than once: send records keyed by the job).
 */
export interface WaveKindSpec<Context = unknown> {
  /** Read once per batch (the planning, the batch's meetings, the program); null: the planning is gone. */
  prepare(deps: Deps, wave: WaveRecord, batch: string[]): Promise<Context | null>;
  /**
   * Why the whole selection is refused (part 2 §5 'refused if any selected buyer…'), or null:
   * checked once, by the wave's first run, before any claim (the request reads no meeting).
   * Absent: the recipients are not buyers (shares).
   */
  refusal?(state: PlanningState, targets: string[]): string | null;
  claim(deps: Deps, wave: WaveRecord, context: Context, target: string, jobOf: (payload?: Record<string, unknown>) => JobRecord): Promise<WaveClaim>;
  send(deps: Deps, wave: WaveRecord, target: string, payload: Record<string, unknown>, job: JobContext): Promise<WaveSendResult>;
  /** The recipient as staff read it in the failures list. */
  label(deps: Deps, wave: WaveRecord, target: string): Promise<string>;
}

/**
 * The spec of each kind of bulk action (`functions/dispatch/wave-specs.ts`): handed to the wave's
 * runners by the job registry, since the specs are the use cases of the areas above waves.
 */
export type WaveSpecOf = (kind: WaveKind) => WaveKindSpec<unknown>;

export interface WaveSendResult {
  label: string;
  outcome: WaveOutcome;
}

/** The message job of one recipient, due now; its id names the wave and the recipient's rank. */
export function waveMessageJob(deps: Deps, waveId: string, index: number, target: string, extra: Record<string, unknown> = {}): JobRecord {
  return newJob(waveMessageJobId(waveId, index), waveMessageJobKind, { waveId, target, ...extra }, deps.now(), deps.now());
}

export function waveMessageJobId(waveId: string, index: number): string {
  return `${waveId}.m${index}`;
}

/** A buyer as the failures list names them: lot and name. */
export function buyerLabel(meeting: Pick<MeetingRecord, 'guest'> | null, target: string): string {
  return meeting ? `Lot ${meeting.guest.lotcomm} · ${meeting.guest.nom}` : target;
}

const channelNames = { email: 'e-mail', sms: 'SMS' } as const;

/** A buyer reached on one channel at least is counted sent; else failed, with each channel's reason. */
export function outcomeOfDeliveries(deliveries: Delivery[]): WaveOutcome {
  if (deliveries.some((delivery) => delivery.status === 'sent')) return { status: 'sent' };
  const failed = deliveries.filter((delivery) => delivery.status === 'failed' || delivery.status === 'dead');
  if (failed.length === 0) return { status: 'failed', reason: waveReasons.noChannel };
  return { status: 'failed', reason: failed.map((delivery) => `${channelNames[delivery.channel]} : ${delivery.reason ?? waveReasons.sendFailed}`).join(' ; ') };
}

/** The refusal of a selection of buyers: one not in the planning, or one `allowed` refuses. */
export function selectionRefusal(state: PlanningState, targets: string[], allowed: (meeting: MeetingRecord) => boolean, message: string): string | null {
  const wanted = new Set(targets);
  const selected = state.meetings.filter((meeting) => wanted.has(meeting.uuid));
  return selected.length === wanted.size && selected.every(allowed) ? null : message;
}
