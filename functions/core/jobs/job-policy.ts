import type { Deps } from '../../runtime/deps';

/** Attempts before a job is dead-lettered (a crash that loses the lease counts as one). */
export const maxJobAttempts = 5;

/** Wait before attempt n + 1 after n failed attempts: 30 s, 2 min, 10 min, 30 min. */
const backoffMs = [30_000, 120_000, 600_000, 1_800_000];

export function retryDelayMs(failedAttempts: number): number {
  return backoffMs[Math.min(failedAttempts, backoffMs.length) - 1] ?? backoffMs[0];
}

/**
 * How long a claim holds before a sweep may run the job again. Longer than the job function's
 * timeout in AWS (5 min), so a live runner is never overlapped; one minute locally, where a
 * restarted `npm start` should not wait long. LIVREA_JOB_LEASE_SECONDS overrides (tests).
 */
export function jobLeaseMs(deps: Deps): number {
  const configured = Number(process.env.LIVREA_JOB_LEASE_SECONDS);
  if (Number.isFinite(configured) && configured > 0) return configured * 1000;
  return deps.config.runtime === 'aws' ? 360_000 : 60_000;
}
