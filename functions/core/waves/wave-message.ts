import { z } from 'zod';
import { waveReasons } from '../../../shared/domain/send-wave';
import { getWave, recordWaveOutcome } from '../../data/waves-repository';
import type { Deps } from '../../runtime/deps';
import type { JobContext } from '../jobs/job-context';
import { waveSpecOf } from './wave-specs';

const messagePayload = z.object({ waveId: z.string(), target: z.string() }).passthrough();

/**
 * The `wave-message` job: sends one recipient's message of a wave and counts it in the wave's
 * progress, once. A failed send is retried by the dispatcher; only its last attempt counts the
 * recipient failed (with the reason staff read in the final count).
 */
export async function sendWaveMessage(deps: Deps, payload: Record<string, unknown>, context: JobContext): Promise<void> {
  const { waveId, target } = messagePayload.parse(payload);
  const wave = await getWave(deps.db, waveId);
  if (!wave) return;
  const spec = waveSpecOf(wave.kind);
  let result;
  try {
    result = await spec.send(deps, wave, target, payload, context);
  } catch (error) {
    if (context.finalAttempt) {
      await recordWaveOutcome(deps.db, waveId, target, await spec.label(deps, wave, target), { status: 'failed', reason: (error as Error).message || waveReasons.sendFailed }, deps.now());
    }
    throw error;
  }
  await recordWaveOutcome(deps.db, waveId, target, result.label, result.outcome, deps.now());
}
