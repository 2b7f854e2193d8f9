import { waveReasons } from '../../../shared/domain/send-wave';
import type { JobRecord } from '../../data/jobs-repository';
import { recentSendHeldByOther, type WaveRecord } from '../../data/waves-repository';
import { commitRecentSendClaims } from '../../data/wave-writes';
import type { Deps } from '../../runtime/deps';
import { recentSendWindowMs } from './start-wave';
import type { WaveClaim } from './wave-kind';

/**
 * Claims one recipient for `action` on each of `channels` not claimed by another wave within the
 * window, and writes the message job for those channels in the same transaction: of identical
 * actions made at once, each channel of each recipient is sent by one of them only. Left out
 * when every channel is taken.
 */
export async function claimRecentSend(
  deps: Deps,
  wave: WaveRecord,
  action: string,
  target: string,
  channels: string[],
  jobFor: (channels: string[]) => JobRecord,
): Promise<WaveClaim> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const now = deps.now();
    const held = await Promise.all(channels.map((channel) => recentSendHeldByOther(deps.store, wave.planningId, action, target, channel, wave.waveId, now)));
    const free = channels.filter((_, index) => !held[index]);
    if (free.length === 0) return { kind: 'skipped', reason: waveReasons.recentlySent };
    const job = jobFor(free);
    if (await commitRecentSendClaims(deps.store, { wave, action, target, channels: free, now, windowMs: recentSendWindowMs, job }))
      return { kind: 'claimed', job };
    // Another wave claimed a channel meanwhile: look again at what is left.
  }
  return { kind: 'skipped', reason: waveReasons.recentlySent };
}
