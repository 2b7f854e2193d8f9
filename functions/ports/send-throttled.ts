/**
 * The mail or SMS service refused a send because we send too fast (SES `Throttling`,
 * `TooManyRequestsException`, « Maximum sending rate exceeded »; SNS `ThrottledException`) after the
 * adapter's own retries, or because the daily quota is spent (SES « Daily message quota exceeded »):
 * the job waits and retries it as throttling, not as a failure (functions/core/jobs/deliver-once.ts).
 */
export class SendThrottledError extends Error {
  constructor(
    message: string,
    readonly dailyQuota = false,
  ) {
    super(message);
    this.name = 'SendThrottledError';
  }
}
