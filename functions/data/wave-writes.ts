import { commitTransaction, conditionHeld, type Db } from './db';
import { putJobItem, type JobRecord } from './jobs-repository';
import { newWaveItems, recentSendClaim, type WaveRecord } from './waves-repository';

/**
 * Starts a wave all or nothing: its header, its recipients and its first run job. False when the
 * same wave was written meanwhile (identical requests at once write the same items) or the
 * transaction met another one on them (nothing written: look, or try again).
 */
export function commitWaveStart(db: Db, wave: WaveRecord, targets: string[], job: JobRecord): Promise<boolean> {
  return conditionHeld(commitTransaction(db, [...newWaveItems(db.table, wave, targets), putJobItem(db.table, job)]));
}

/** One recipient of a wave claimed for `action` on `channels` (`recentSendClaim`), with the message job for them. */
export interface RecentSendClaims {
  wave: Pick<WaveRecord, 'planningId' | 'waveId'>;
  action: string;
  target: string;
  channels: string[];
  now: Date;
  windowMs: number;
  job: JobRecord;
}

/** Writes the claims and their job all or nothing: false when another wave claimed one of the channels meanwhile (nothing written). */
export function commitRecentSendClaims(db: Db, claims: RecentSendClaims): Promise<boolean> {
  const { wave, action, target, now, windowMs } = claims;
  return conditionHeld(
    commitTransaction(db, [
      ...claims.channels.map((channel) => recentSendClaim(db.table, wave.planningId, action, target, channel, wave.waveId, now, windowMs)),
      putJobItem(db.table, claims.job),
    ]),
  );
}
