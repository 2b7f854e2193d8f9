import type { Db } from '../../data/db';
import { addOutboxMessage } from '../../data/outbox-repository';
import type { FileStore } from '../../ports/file-store';
import type { Mailer, MailMessage, SendOptions } from '../../ports/mailer';
import { outboxMessageId } from './outbox-message-id';

/**
 * Local stand-in for SES: the message lands in the outbox, attachments in the file store. With an
 * idempotency key the message is stored at most once (a retried send returns the first id).
 */
export class OutboxMailer implements Mailer {
  constructor(
    private readonly db: Db,
    private readonly files: FileStore,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async send(message: MailMessage, options: SendOptions = {}): Promise<{ messageId: string }> {
    const id = outboxMessageId(options.idempotencyKey);
    // Same key, same id, same file keys: a retry overwrites the attachments rather than adding more.
    const attachments = await Promise.all(
      (message.attachments ?? []).map(async (attachment, index) => {
        const fileKey = `outbox/${id}/${index}-${attachment.filename}`;
        await this.files.put(fileKey, attachment.content, attachment.contentType);
        return { filename: attachment.filename, contentType: attachment.contentType, fileKey };
      }),
    );
    const messageId = await addOutboxMessage(
      this.db,
      {
        id,
        channel: 'email',
        to: message.to,
        cc: message.cc,
        subject: message.subject,
        text: message.text,
        html: message.html,
        attachments,
        createdAt: this.now().toISOString(),
      },
      options.idempotencyKey,
    );
    return { messageId };
  }
}
