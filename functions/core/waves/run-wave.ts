import { z } from 'zod';
import { waveReasons } from '../../../shared/domain/send-wave';
import { getJob, newJob, putJob, type JobRecord } from '../../data/jobs-repository';
import { loadPlanningState } from '../../data/plannings-repository';
import { getWave, getWaveTargets, recordWaveOutcome, settleWaveCheck } from '../../data/waves-repository';
import type { Deps } from '../../runtime/deps';
import { deliverCommittedJobs, wakeAt } from '../jobs/schedule-job';
import type { JobRun } from '../jobs/job-context';
import { mapWithConcurrency } from '../../runtime/concurrency';
import { sizeFromEnv } from '../../runtime/size-from-env';
import { waveMessageJob, waveMessageJobId, type WaveSpecOf } from './wave-kind';
import { waveJobKind } from './start-wave';
import { SendPausedError } from '../jobs/send-paused';

/**
 * Recipients claimed per run of a wave's job: each run claims at most this many (a few seconds),
 * well inside the job function's 5-minute timeout, hands the next run to the dispatcher, then
 * sends the messages it claimed. LIVREA_WAVE_BATCH_SIZE lowers it for tests (a crash test crosses
 * batches with a tenth of the buyers).
 */
const waveBatchSize = sizeFromEnv('LIVREA_WAVE_BATCH_SIZE', 50);

const runPayload = z.object({ waveId: z.string(), seq: z.number().int().min(0) });

/**
 * One run of a wave (the `send-wave` job). Crash-safe at every step: a recipient's claim and its
 * message job are one transaction, and the job's id is derived from the recipient's rank, so a
 * run re-done after a crash finds the jobs it wrote and claims nothing twice; the next run's id is
 * derived from this one's, so it is queued once; a message job left by a dead run is on the due
 * index and the sweep sends it.
 */
export async function runWave(deps: Deps, payload: Record<string, unknown>, { job, runJobNow }: JobRun, waveSpecOf: WaveSpecOf): Promise<void> {
  const { waveId, seq } = runPayload.parse(payload);
  let wave = await getWave(deps.store, waveId);
  if (!wave) return;
  if (wave.pausedUntil && wave.pauseReason && wave.pauseReason !== 'sms-monthly-budget' && Date.parse(wave.pausedUntil) > deps.now().getTime()) {
    // Its mails wait for a quota: claim no more recipients until then; this run is woken at the
    // resume (a schedule in AWS, the due index here) and goes on where it was. (Past the SMS
    // budget the claims go on: each buyer's mail leaves now, the SMS when the month's budget allows.)
    const until = new Date(wave.pausedUntil);
    await wakeAt(deps, job.id, until);
    throw new SendPausedError(wave.pauseReason, until);
  }
  const targets = await getWaveTargets(deps.store, waveId);
  const spec = waveSpecOf(wave.kind);
  if (seq === 0 && spec.refusal && !wave.checked && !wave.refused) {
    // The one read of every meeting of a wave: the selection's check, settled once for the wave
    // (a run re-done after a crash finds it settled, and does not refuse the buyers it claimed).
    const state = await loadPlanningState(deps.store, wave.planningId);
    wave = state ? await settleWaveCheck(deps.store, waveId, spec.refusal(state, targets)) : wave;
    if (!wave) return;
  }
  if (wave.refused) return;
  const first = seq * waveBatchSize;
  const batch = targets.slice(first, first + waveBatchSize);
  if (first + waveBatchSize < targets.length) {
    // Queued before this batch is sent: the next claims run while these messages leave.
    const next = newJob(`${waveId}.run${seq + 1}`, waveJobKind, { waveId, seq: seq + 1 }, deps.now(), deps.now());
    if (await putJob(deps.store, next)) await deliverCommittedJobs(deps, [next]);
  }
  const context = await spec.prepare(deps, wave, batch);
  const jobs: JobRecord[] = [];
  for (const [offset, target] of batch.entries()) {
    const index = first + offset;
    const existing = await getJob(deps.store, waveMessageJobId(waveId, index));
    if (existing) {
      jobs.push(existing);
      continue;
    }
    const claim = context
      ? await spec.claim(deps, wave, context, target, (extra?: Record<string, unknown>) => waveMessageJob(deps, waveId, index, target, extra))
      : { kind: 'skipped' as const, reason: waveReasons.noLongerConcerned };
    // Refused because another run of this same batch (its lease taken over) claimed the recipient
    // just now: its job is there, and counts the recipient; this run leaves it alone.
    if (claim.kind === 'skipped' && (await getJob(deps.store, waveMessageJobId(waveId, index)))) continue;
    if (claim.kind === 'skipped')
      await recordWaveOutcome(deps.store, waveId, target, await spec.label(deps, wave, target), { status: 'skipped', reason: claim.reason }, deps.now());
    else if (claim.job) jobs.push(claim.job);
    // Done with nothing to send (a cancellation without its mail).
    else await recordWaveOutcome(deps.store, waveId, target, await spec.label(deps, wave, target), { status: 'sent' }, deps.now());
  }
  await mapWithConcurrency(jobs, 4, (job) => runJobNow(job.id));
}
