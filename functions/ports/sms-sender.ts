import type { SendOptions } from './mailer';

export interface SmsSender {
  /** `to` is an E.164 number. */
  send(to: string, text: string, options?: SendOptions): Promise<{ messageId: string }>;
}
