import { messages } from '../../../shared/messages/common';
import type { Deps } from '../../runtime/deps';
import { countAttempt } from '../../data/rate-limits-repository';
import { TooManyRequestsError } from '../errors';

export interface RateRule {
  scope: string;
  limit: number;
  windowSeconds: number;
}

/** Mail-sending and registration endpoints: per address and per account, fixed windows (login: login-throttle.ts). */
export const rateRules = {
  forgotPerIp: { scope: 'forgot-ip', limit: 10, windowSeconds: 900 },
  forgotPerAccount: { scope: 'forgot-account', limit: 3, windowSeconds: 900 },
  registerPerIp: { scope: 'register-ip', limit: 10, windowSeconds: 3600 },
  // A PDF printed for the public viewer's reader, without a session, starts a Chromium render.
  publicPdfPerIp: { scope: 'public-pdf-ip', limit: 20, windowSeconds: 3600 },
  // Each direct upload URL lets its holder store up to 20 MB for a day (the bucket's lifecycle rule).
  uploadUrlsPerUser: { scope: 'upload-url-user', limit: 30, windowSeconds: 600 },
} satisfies Record<string, RateRule>;

export async function enforceRateLimit(store: Deps['store'], rule: RateRule, subject: string, now: Date): Promise<void> {
  const attempts = await countAttempt(store, rule.scope, subject.toLowerCase(), rule.windowSeconds, now);
  if (attempts > rule.limit) {
    const windowEnd = (Math.floor(now.getTime() / 1000 / rule.windowSeconds) + 1) * rule.windowSeconds;
    throw new TooManyRequestsError(messages.tooManyAttempts, Math.max(1, windowEnd - Math.floor(now.getTime() / 1000)));
  }
}
