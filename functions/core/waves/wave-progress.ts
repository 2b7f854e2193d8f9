import type { WaveView } from '../../../shared/domain/send-wave';
import { getWave, listPlanningWaves, listWaveFailures, type WaveRecord } from '../../data/waves-repository';
import type { Caller } from '../caller';
import type { Deps } from '../../runtime/deps';
import { NotFoundError } from '../errors';
import { loadPlanningFor } from '../plannings/planning-queries';

export const waveNotFound = 'Envoi introuvable';

/** Waves listed on a planning's page: the running ones and those finished within this long. */
const recentMs = 24 * 3_600_000;

function isDone(wave: WaveRecord): boolean {
  return wave.refused !== undefined || wave.sent + wave.failed + wave.skipped >= wave.total;
}

async function toView(deps: Deps, wave: WaveRecord): Promise<WaveView> {
  const { params: _params, createdBy: _createdBy, checked: _checked, pausedUntil, pauseReason, ...counts } = wave;
  const done = isDone(wave);
  // Shown while its sends wait for a quota (docs/deploy.md « Sending quotas »); gone once they resume.
  const paused = !done && pausedUntil && pauseReason && Date.parse(pausedUntil) > deps.now().getTime();
  return {
    ...counts,
    done,
    failures: wave.failed > 0 ? await listWaveFailures(deps.store, wave.waveId) : [],
    ...(paused ? { pause: { reason: pauseReason, until: pausedUntil } } : {}),
  };
}

/** GET /rdv/{id}/waves/{waveId}: where one bulk action of the planning stands, failures listed. */
export async function waveProgress(deps: Deps, caller: Caller, planningId: string, waveId: string): Promise<WaveView> {
  await loadPlanningFor(deps, caller, planningId);
  const wave = await getWave(deps.store, waveId);
  if (!wave || wave.planningId !== planningId) throw new NotFoundError(waveNotFound);
  return toView(deps, wave);
}

/**
 * GET /rdv/{id}/waves: the planning's bulk actions still running or finished in the last day,
 * newest first: the page finds its progress bars again after a reload.
 */
export async function planningWaves(deps: Deps, caller: Caller, planningId: string): Promise<{ waves: WaveView[] }> {
  await loadPlanningFor(deps, caller, planningId);
  const since = deps.now().getTime() - recentMs;
  const waves = (await listPlanningWaves(deps.store, planningId)).filter((wave) => !isDone(wave) || Date.parse(wave.createdAt) >= since);
  return { waves: await Promise.all(waves.map((wave) => toView(deps, wave))) };
}
