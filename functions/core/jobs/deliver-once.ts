import { beginSend, getSentRecord, markSent } from '../../data/send-records-repository';
import type { MailMessage, SendOptions } from '../../ports/mailer';
import type { Deps } from '../../runtime/deps';
import { SendThrottledError } from '../../ports/send-throttled';
import { reserveSend, throttledPause } from './send-quota';

/**
 * The one place where Livrea's e-mails and SMS leave through the mailer and SMS ports. Only job
 * runners call it, with the claimed job's id as `messageKey`: every mail and SMS a change causes
 * is a job written with that change and delivered by the dispatcher (retries, dead letters,
 * delivery log). test/unit/jobs/one-delivery-path.test.ts fails when other code calls a port.
 */
export type Outgoing = { channel: 'email'; mail: MailMessage } | { channel: 'sms'; to: string; text: string };

export interface Delivered {
  messageId: string;
  /** When it left (now, or when an earlier run of the same job sent it). */
  at: string;
  /** Sent by an earlier run of the job (not sent again now). */
  earlier: boolean;
}

export interface OnceOptions {
  /**
   * A message built afresh at each run (a new sign-in link, which replaces the previous one) has
   * no idempotency key: a key would keep the first text, whose link no longer works.
   */
  fresh?: boolean;
}

/**
 * Sends one message of a job to one recipient at most once across the job's runs: a send record
 * (`messageKey`, channel, recipient) is checked first, so a re-run after a crash or a failure
 * skips what went out and says so (`earlier`, with the first run's message id). `build` runs only
 * when the message is to be sent (a sign-in link is drawn only then). A failed send throws; a send
 * past a quota, or throttled, throws SendPausedError (the job waits, not a failure).
 */
export async function deliverOnce(
  deps: Deps,
  messageKey: string,
  recipient: string,
  channel: Outgoing['channel'],
  build: () => Outgoing | Promise<Outgoing>,
  options: OnceOptions = {},
): Promise<Delivered> {
  if (!(await beginSend(deps.store, messageKey, channel, recipient, deps.now()))) {
    const earlier = await getSentRecord(deps.store, messageKey, channel, recipient);
    return { messageId: earlier?.messageId ?? '', at: earlier?.at ?? deps.now().toISOString(), earlier: true };
  }
  // Within SES's and SNS's quotas (docs/deploy.md « Sending quotas »): past one, SendPausedError puts
  // the job back until the quota has room again, nothing sent (the send record stays unsent).
  const outgoing = await build();
  await reserveSend(deps, channel, outgoing.channel === 'email' ? outgoing.mail.to.length + (outgoing.mail.cc?.length ?? 0) : 1);
  const sendOptions: SendOptions = options.fresh ? {} : { idempotencyKey: `${messageKey}:${channel}:${recipient}` };
  let messageId: string;
  try {
    ({ messageId } =
      outgoing.channel === 'email' ? await deps.mailer.send(outgoing.mail, sendOptions) : await deps.sms.send(outgoing.to, outgoing.text, sendOptions));
  } catch (error) {
    // Throttled by SES or SNS: retried as such (the job waits), never counted as a failure.
    if (error instanceof SendThrottledError) throw throttledPause(deps, error);
    throw error;
  }
  await markSent(deps.store, messageKey, channel, recipient, messageId, deps.now());
  return { messageId, at: deps.now().toISOString(), earlier: false };
}

/** A ready e-mail of a job, to its recipients (one send record for the whole list). */
export function mailOnce(deps: Deps, messageKey: string, mail: MailMessage): Promise<Delivered> {
  return deliverOnce(deps, messageKey, mail.to.join(', '), 'email', () => ({ channel: 'email', mail }));
}
