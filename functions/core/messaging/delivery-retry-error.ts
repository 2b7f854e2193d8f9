/**
 * A message sent by a job did not go out on every channel: the job is retried (the channels that
 * went out are skipped by their send records). Internal to the job runners, never shown to a user.
 */
export class DeliveryRetryError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'DeliveryRetryError';
  }
}
