import { messages } from '../../../shared/messages/common';
import type { Deps } from '../../runtime/deps';
import { claimLoginAttempt, clearLoginFailures, getLoginFailures, settleLoginFailure } from '../../data/login-failures-repository';
import { countAttempt } from '../../data/rate-limits-repository';
import { TooManyRequestsError } from '../errors';

/**
 * Login limits (part 1 §9, documented in the README): only wrong passwords count.
 * - Per account: 5 wrong passwords are free; then each further attempt waits 1 s, 2 s, 4 s … up
 *   to 60 s after the previous one (429 with Retry-After meanwhile). The owner is slowed down,
 *   never locked out: the right password works as soon as the delay has passed, and clears the count.
 *   Failures are forgotten 15 minutes after the last one. The delay runs from the end of the
 *   previous attempt: while the attempt that took the turn is still being checked, the next one
 *   waits (a burst of guesses checked slowly must not let a 6th through once its start is 1 s old).
 * - Per network address: 30 wrong passwords per 15-minute window, across accounts; successful
 *   logins do not count, and past the limit the password is still checked: a right one signs in,
 *   a wrong one is answered 429 until the window ends. One person mistyping behind an office's
 *   shared address must not lock the office out, so this limit never refuses a right password.
 */
const loginLimits = {
  freeFailures: 5,
  maxDelaySeconds: 60,
  forgetAfterSeconds: 900,
  /** An attempt still unsettled after this long (its process died) no longer holds the account. */
  checkHoldSeconds: 30,
  perAddress: { scope: 'login-ip', limit: 30, windowSeconds: 900 },
} as const;

/** Seconds an account waits after its `failures`-th wrong password. */
function delayAfterFailures(failures: number): number {
  if (failures < loginLimits.freeFailures) return 0;
  return Math.min(loginLimits.maxDelaySeconds, 2 ** (failures - loginLimits.freeFailures));
}

function tooMany(retryAfterSeconds: number): TooManyRequestsError {
  return new TooManyRequestsError(messages.tooManyAttempts, Math.max(1, Math.ceil(retryAfterSeconds)));
}

function secondsLeftInWindow(now: Date, windowSeconds: number): number {
  const nowSeconds = now.getTime() / 1000;
  return (Math.floor(nowSeconds / windowSeconds) + 1) * windowSeconds - nowSeconds;
}

/**
 * An attempt let through. It already counts as a wrong password for the address and the account;
 * `succeeded` gives the address's count back and clears the account's failures; `refusal` is the
 * answer to a wrong password when the address is past its limit (else the caller's 401).
 */
export interface LoginAttempt {
  succeeded(): Promise<void>;
  /** The password was wrong: the account's delay starts now (`at`). */
  failed(at: Date): Promise<void>;
  refusal(): TooManyRequestsError | null;
}

/**
 * Reserves one attempt of this address and this account before the password is checked (so
 * parallel attempts are counted), or throws 429 while the account must wait.
 */
export async function beginLoginAttempt(store: Deps['store'], email: string, sourceIp: string, now: Date): Promise<LoginAttempt> {
  const { scope, limit, windowSeconds } = loginLimits.perAddress;
  const address = sourceIp.toLowerCase();
  const addressCount = await countAttempt(store, scope, address, windowSeconds, now);
  const releaseAddress = () => countAttempt(store, scope, address, windowSeconds, now, -1);
  let turn: { version: number; failures: number };
  try {
    turn = await claimAccountTurn(store, email, now);
  } catch (error) {
    await releaseAddress();
    throw error;
  }
  return {
    succeeded: async () => {
      await Promise.all([releaseAddress(), clearLoginFailures(store, email)]);
    },
    failed: (at) => settleLoginFailure(store, email, turn.version, at.getTime() + delayAfterFailures(turn.failures) * 1000),
    refusal: () => (addressCount > limit ? tooMany(secondsLeftInWindow(now, windowSeconds)) : null),
  };
}

async function claimAccountTurn(store: Deps['store'], email: string, now: Date): Promise<{ version: number; failures: number }> {
  const nowMs = now.getTime();
  // A few tries: two attempts at once on an account without a delay both go through, in turn.
  for (let round = 0; round < 8; round += 1) {
    const stored = await getLoginFailures(store, email);
    const live = stored && stored.expiresAt * 1000 > nowMs ? stored : null;
    const failures = live?.failures ?? 0;
    if (live && failures >= loginLimits.freeFailures) {
      if (live.nextAt > nowMs) throw tooMany((live.nextAt - nowMs) / 1000);
      // The previous attempt is still being checked: its delay has not started yet.
      if (live.checkingUntil > nowMs) throw tooMany(delayAfterFailures(failures));
    }
    const counted = failures + 1;
    const version = await claimLoginAttempt(store, email, stored, {
      failures: counted,
      nextAt: nowMs + delayAfterFailures(counted) * 1000,
      expiresAt: Math.floor(nowMs / 1000) + loginLimits.forgetAfterSeconds,
      checkingUntil: nowMs + loginLimits.checkHoldSeconds * 1000,
    });
    if (version !== null) return { version, failures: counted };
  }
  throw tooMany(1);
}
