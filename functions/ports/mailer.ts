export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface MailMessage {
  to: string[];
  cc?: string[];
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
}

/**
 * Options of one send. `idempotencyKey` names the message (one per recipient and message): an
 * adapter that can (the local outbox) stores a message at most once per key, so a retried send
 * never duplicates it. SES and SNS take no such key (see docs/architecture.md, Deferred jobs).
 */
export interface SendOptions {
  idempotencyKey?: string;
}

export interface Mailer {
  send(message: MailMessage, options?: SendOptions): Promise<{ messageId: string }>;
}
