import { PublishCommand, type SNSClient } from '@aws-sdk/client-sns';
import type { SmsSender } from '../../ports/sms-sender';

/** SNS direct-to-phone SMS, transactional (delivery over cost), with the configured sender id. */
export class SnsSmsSender implements SmsSender {
  constructor(
    private readonly client: SNSClient,
    private readonly senderId: string,
  ) {}

  async send(to: string, text: string): Promise<{ messageId: string }> {
    const result = await this.client.send(
      new PublishCommand({
        PhoneNumber: to,
        Message: text,
        MessageAttributes: {
          'AWS.SNS.SMS.SMSType': { DataType: 'String', StringValue: 'Transactional' },
          'AWS.SNS.SMS.SenderID': { DataType: 'String', StringValue: this.senderId },
        },
      }),
    );
    return { messageId: result.MessageId ?? '' };
  }
}
