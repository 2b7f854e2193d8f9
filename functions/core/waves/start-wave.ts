import { createHash } from 'node:crypto';
import { waveStartedTexts, type WaveKind, type WaveStarted } from '../../../shared/domain/send-wave';
import { newJob } from '../../data/jobs-repository';
import { getWave, type WaveRecord } from '../../data/waves-repository';
import { commitWaveStart } from '../../data/wave-writes';
import type { Deps } from '../../runtime/deps';
import { deliverCommittedJobs } from '../jobs/schedule-job';
import { newCapabilityId } from '../security/ids';
import type { StaffActor } from '../plannings/staff-actor';

/** The job that claims a wave's recipients, 50 per run, and sends their messages. */
export const waveJobKind = 'send-wave';

/**
 * How long the same action on the same recipient sends once (a double-click, two staff members,
 * a page sent again): identical requests within it get the same wave back, and a recipient
 * claimed by one wave is left out of another of the same action.
 */
export const recentSendWindowMs = 10 * 60_000;

export interface WaveRequest {
  planningId: string;
  kind: WaveKind;
  targets: string[];
  actor: StaffActor;
  /** What the jobs need to send (channels, texts); part of what makes two requests identical. */
  params?: Record<string, unknown>;
  /** Identical requests within `recentSendWindowMs` are one wave (off for cancellations and invitations, idempotent by state). */
  dedupe: boolean;
}

/** The id of a deduplicated wave: the same action, recipients and texts within one window. */
function dedupedWaveId(request: WaveRequest, now: Date): string {
  const window = Math.floor(now.getTime() / recentSendWindowMs);
  const digest = createHash('sha256')
    .update(JSON.stringify([request.planningId, request.kind, [...request.targets].sort(), request.params ?? {}, window]))
    .digest('base64url');
  return `wave-${digest.slice(0, 24)}`;
}

/** The header of a new wave: nothing settled yet; its params name who started it (the history names them). */
export function newWaveRecord(request: Pick<WaveRequest, 'planningId' | 'kind' | 'actor' | 'params'>, waveId: string, total: number, now: Date): WaveRecord {
  return {
    waveId,
    planningId: request.planningId,
    kind: request.kind,
    total,
    sent: 0,
    failed: 0,
    skipped: 0,
    createdAt: now.toISOString(),
    createdBy: request.actor.userId,
    params: { ...(request.params ?? {}), actor: request.actor },
  };
}

/**
 * Starts a bulk action: the wave (header and recipients) and its first run job in one
 * transaction, handed to the dispatcher at once. Answers at once (202): nothing is sent here.
 * A deduplicated request identical to one just made answers that wave.
 */
export async function startWave(deps: Deps, request: WaveRequest): Promise<WaveStarted> {
  const now = deps.now();
  const targets = [...new Set(request.targets)];
  const waveId = request.dedupe ? dedupedWaveId({ ...request, targets }, now) : `wave-${newCapabilityId(18)}`;
  const wave = newWaveRecord(request, waveId, targets.length, now);
  const job = newJob(`${waveId}.run0`, waveJobKind, { waveId, seq: 0 }, now, now);
  // Identical requests at once write the same items: one commits, the others find its wave. Two
  // such transactions may also both be cancelled (a transaction conflict): then try again.
  for (let attempt = 0; !(await commitWaveStart(deps.store, wave, targets, job)); attempt += 1) {
    const existing = await getWave(deps.store, waveId);
    if (existing) return { waveId, total: existing.total, message: waveStartedTexts[existing.kind](existing.total) };
    if (attempt >= 4) throw new Error(`wave ${waveId} kept losing its start to other transactions`);
    await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 50 * (attempt + 1)));
  }
  await deliverCommittedJobs(deps, [job]);
  return { waveId, total: targets.length, message: waveStartedTexts[request.kind](targets.length) };
}
