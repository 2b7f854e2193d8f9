import type { SendPauseReason } from '../../../shared/messages/send-quotas';
import { giveBackSendUnits, reserveSendUnits } from '../../data/send-quota-repository';
import type { SendThrottledError } from '../../ports/send-throttled';
import type { Deps } from '../../runtime/deps';
import { SendPausedError } from './send-paused';
import { sendQuotaSettings, smsPerMonth, type SendQuotaSettings } from './send-quota-settings';

export type QuotaChannel = 'email' | 'sms';

/**
 * How long a send waits in place for a second with room left before its job is put back on the
 * due index: a wave's run sends 4 at a time, so at 14 mails a second a send waits a second at
 * most while the quota is shared by a few runs.
 */
const rateWaitMs = 3_000;

/** How long a send refused as throttled by SES or SNS waits before it is tried again (random, so that retries spread). */
const throttledWaitMs = { min: 10_000, max: 30_000 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const epochSeconds = (at: Date) => Math.floor(at.getTime() / 1000);

interface LongWindow {
  window: string;
  limit: number;
  ends: Date;
  reason: SendPauseReason;
}

/**
 * The quota of a channel that lasts: SES's sends a day (counted per UTC day; SES counts the last
 * 24 hours, docs/deploy.md « Sending quotas ») or the SMS budget of the UTC month (SNS's spending
 * limit is per calendar month).
 */
function longWindowOf(channel: QuotaChannel, now: Date, settings: SendQuotaSettings): LongWindow {
  const [year, month, day] = [now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()];
  if (channel === 'email')
    return {
      window: `D#${now.toISOString().slice(0, 10)}`,
      limit: settings.mailPerDay,
      ends: new Date(Date.UTC(year, month, day + 1)),
      reason: 'mail-daily-quota',
    };
  return {
    window: `M#${now.toISOString().slice(0, 7)}`,
    limit: smsPerMonth(settings),
    ends: new Date(Date.UTC(year, month + 1, 1)),
    reason: 'sms-monthly-budget',
  };
}

/**
 * Takes one send of `channel` to `recipients` addresses from its quotas (SES counts each
 * recipient, copies included), shared by every process through the table: units of the day's (or
 * month's) quota, then of a second's rate, waiting for the next second while the current one is
 * spent. Throws SendPausedError when the send must wait longer: its job waits on the due index
 * (not a failure) and the send is made when it runs again.
 */
export async function reserveSend(deps: Pick<Deps, 'store' | 'now'>, channel: QuotaChannel, recipients = 1): Promise<void> {
  const settings = sendQuotaSettings();
  const long = longWindowOf(channel, deps.now(), settings);
  if (!(await reserveSendUnits(deps.store, channel, long.window, recipients, long.limit, epochSeconds(long.ends) + 86_400)))
    throw new SendPausedError(long.reason, long.ends);
  const perSecond = channel === 'email' ? settings.mailPerSecond : settings.smsPerSecond;
  const givesUpAt = Date.now() + rateWaitMs;
  for (;;) {
    const at = deps.now();
    const second = epochSeconds(at);
    // A mail to more recipients than a second allows goes alone in its second.
    if (await reserveSendUnits(deps.store, channel, `S#${second}`, recipients, Math.max(perSecond, recipients), second + 60)) return;
    if (Date.now() >= givesUpAt) break;
    // The next second, with a little jitter: waiting senders do not all try at its first millisecond.
    await sleep((second + 1) * 1000 - at.getTime() + Math.random() * 50);
  }
  await giveBackSendUnits(deps.store, channel, long.window, recipients);
  throw new SendPausedError('rate', new Date(deps.now().getTime() + 1000));
}

/** The wait of a send SES or SNS refused as throttling (after the adapter's own retries): until the quota's day ends, or a few seconds. */
export function throttledPause(deps: Pick<Deps, 'now'>, error: SendThrottledError): SendPausedError {
  const now = deps.now();
  if (error.dailyQuota) return new SendPausedError('mail-daily-quota', new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)));
  return new SendPausedError('throttled', new Date(now.getTime() + throttledWaitMs.min + Math.random() * (throttledWaitMs.max - throttledWaitMs.min)));
}
