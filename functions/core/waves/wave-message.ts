import { z } from 'zod';
import { waveReasons } from '../../../shared/domain/send-wave';
import { getWave, pauseWave, recordWaveOutcome } from '../../data/waves-repository';
import { isSendPaused } from '../jobs/send-paused';
import type { Deps } from '../../runtime/deps';
import type { JobContext } from '../jobs/job-context';
import { waveMessageJobKind, type WaveSpecOf } from './wave-kind';
import type { JobRecord } from '../../data/jobs-repository';

const messagePayload = z.object({ waveId: z.string(), target: z.string() }).passthrough();

/**
 * The `wave-message` job: sends one recipient's message of a wave and counts it in the wave's
 * progress, once. A failed send is retried by the dispatcher; only its last attempt counts the
 * recipient failed (with the reason staff read in the final count). A send waiting for a quota
 * pauses the wave (its progress says why) and is not counted.
 */
export async function sendWaveMessage(deps: Deps, payload: Record<string, unknown>, context: JobContext, waveSpecOf: WaveSpecOf): Promise<void> {
  const { waveId, target } = messagePayload.parse(payload);
  const wave = await getWave(deps.store, waveId);
  if (!wave) return;
  const spec = waveSpecOf(wave.kind);
  let result;
  try {
    result = await spec.send(deps, wave, target, payload, context);
  } catch (error) {
    if (isSendPaused(error)) {
      // Waiting for a quota: the job runs again then; the progress says why and until when.
      if (error.reason !== 'rate') await pauseWave(deps.store, waveId, error.reason, error.until);
      throw error;
    }
    if (context.finalAttempt) {
      await recordWaveOutcome(
        deps.store,
        waveId,
        target,
        await spec.label(deps, wave, target),
        { status: 'failed', reason: (error as Error).message || waveReasons.sendFailed },
        deps.now(),
      );
    }
    throw error;
  }
  await recordWaveOutcome(deps.store, waveId, target, result.label, result.outcome, deps.now());
}

/**
 * A message job dead-lettered without its runner (claimed again after dying on its last attempt):
 * its recipient is counted failed, so that the wave still ends.
 */
export async function countDeadWaveMessage(deps: Deps, job: JobRecord, waveSpecOf: WaveSpecOf): Promise<void> {
  const parsed = messagePayload.safeParse(job.payload);
  if (job.kind !== waveMessageJobKind || !parsed.success) return;
  const wave = await getWave(deps.store, parsed.data.waveId);
  if (!wave) return;
  const label = await waveSpecOf(wave.kind).label(deps, wave, parsed.data.target);
  await recordWaveOutcome(
    deps.store,
    wave.waveId,
    parsed.data.target,
    label,
    { status: 'failed', reason: job.lastError ?? waveReasons.sendFailed },
    deps.now(),
  );
}
