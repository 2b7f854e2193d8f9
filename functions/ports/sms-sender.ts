export interface SmsSender {
  /** `to` is an E.164 number. */
  send(to: string, text: string): Promise<{ messageId: string }>;
}
