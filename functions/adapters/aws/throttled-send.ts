import { SendThrottledError } from '../../ports/send-throttled';

/** The names and texts by which SES (v1 and v2) and SNS say that a send was throttled. */
const throttledNames = new Set(['Throttling', 'ThrottlingException', 'TooManyRequestsException', 'ThrottledException']);
const throttledTexts = [/rate exceeded/i, /daily message quota exceeded/i];

function isThrottled(error: unknown): boolean {
  const { name, message } = (error ?? {}) as { name?: unknown; message?: unknown };
  return (typeof name === 'string' && throttledNames.has(name)) || (typeof message === 'string' && throttledTexts.some((text) => text.test(message)));
}

/** Pauses between the adapter's own tries of a throttled send (the SDK's retries come before them). */
export const throttledRetryDelaysMs = [200, 800, 2_000];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends with `send`, trying a throttled send again after each of `delaysMs`: past them, or at once
 * when SES says the day's quota is spent, it throws SendThrottledError, which the job retries as
 * throttling (it waits, uncounted), never as a failure. Any other error is the caller's.
 */
export async function sendThrottledAware<T>(send: () => Promise<T>, delaysMs: readonly number[] = throttledRetryDelaysMs): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await send();
    } catch (error) {
      if (!isThrottled(error)) throw error;
      const message = (error as Error).message || String(error);
      const dailyQuota = /daily message quota exceeded/i.test(message);
      if (dailyQuota || attempt >= delaysMs.length) throw new SendThrottledError(message, dailyQuota);
      await sleep(delaysMs[attempt]);
    }
  }
}
