import type { Db } from '../../data/db';
import { addOutboxMessage } from '../../data/outbox-repository';
import type { SendOptions } from '../../ports/mailer';
import type { SmsSender } from '../../ports/sms-sender';
import { outboxMessageId } from './outbox-message-id';

/** Local stand-in for SNS SMS: the text lands in the outbox, at most once per idempotency key. */
export class OutboxSmsSender implements SmsSender {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async send(to: string, text: string, options: SendOptions = {}): Promise<{ messageId: string }> {
    const id = outboxMessageId(options.idempotencyKey);
    const messageId = await addOutboxMessage(
      this.db,
      { id, channel: 'sms', to: [to], text, attachments: [], createdAt: this.now().toISOString() },
      options.idempotencyKey,
    );
    return { messageId };
  }
}
