import type { SendPauseReason } from '../../../shared/messages/send-quotas';

/**
 * A send that must wait for a quota (docs/deploy.md « Sending quotas »): thrown by `deliverOnce`
 * before anything left, so the job is put back on the due index until `until`, its attempt not
 * counted (dispatch-job.ts): never a failure, never a dead letter. `rate`: the second's sends are
 * spent for longer than a send waits in place (short; not shown on a wave's progress).
 */
export class SendPausedError extends Error {
  constructor(
    readonly reason: SendPauseReason | 'rate',
    readonly until: Date,
  ) {
    super(`send paused (${reason}) until ${until.toISOString()}`);
    this.name = 'SendPausedError';
  }
}

export function isSendPaused(error: unknown): error is SendPausedError {
  return error instanceof SendPausedError;
}
