import type { Db } from '../../data/db';
import { addOutboxMessage } from '../../data/outbox-repository';
import { newCapabilityId } from '../../core/security/ids';
import type { FileStore } from '../../ports/file-store';
import type { Mailer, MailMessage } from '../../ports/mailer';

/** Local stand-in for SES: the message lands in the outbox, attachments in the file store. */
export class OutboxMailer implements Mailer {
  constructor(private readonly db: Db, private readonly files: FileStore, private readonly now: () => Date = () => new Date()) {}

  async send(message: MailMessage): Promise<{ messageId: string }> {
    const id = newCapabilityId(12);
    const attachments = await Promise.all(
      (message.attachments ?? []).map(async (attachment, index) => {
        const fileKey = `outbox/${id}/${index}-${attachment.filename}`;
        await this.files.put(fileKey, attachment.content, attachment.contentType);
        return { filename: attachment.filename, contentType: attachment.contentType, fileKey };
      }),
    );
    await addOutboxMessage(this.db, {
      id,
      channel: 'email',
      to: message.to,
      cc: message.cc,
      subject: message.subject,
      text: message.text,
      html: message.html,
      attachments,
      createdAt: this.now().toISOString(),
    });
    return { messageId: id };
  }
}
