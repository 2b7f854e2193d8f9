import type { Db } from '../../data/db';
import { addOutboxMessage } from '../../data/outbox-repository';
import { newCapabilityId } from '../../core/security/ids';
import type { SmsSender } from '../../ports/sms-sender';

/** Local stand-in for SNS SMS: the text lands in the outbox. */
export class OutboxSmsSender implements SmsSender {
  constructor(private readonly db: Db, private readonly now: () => Date = () => new Date()) {}

  async send(to: string, text: string): Promise<{ messageId: string }> {
    const id = newCapabilityId(12);
    await addOutboxMessage(this.db, { id, channel: 'sms', to: [to], text, attachments: [], createdAt: this.now().toISOString() });
    return { messageId: id };
  }
}
