import { PublishCommand, type SNSClient } from '@aws-sdk/client-sns';
import type { SmsSender } from '../../ports/sms-sender';
import { sendThrottledAware, throttledRetryDelaysMs } from './throttled-send';

/**
 * SNS direct-to-phone SMS, transactional (delivery over cost), with the configured sender id. A
 * throttled publish is tried again a few times, then answered as SendThrottledError.
 */
export class SnsSmsSender implements SmsSender {
  constructor(
    private readonly client: SNSClient,
    private readonly senderId: string,
    private readonly retryDelaysMs: readonly number[] = throttledRetryDelaysMs,
  ) {}

  async send(to: string, text: string): Promise<{ messageId: string }> {
    const command = new PublishCommand({
      PhoneNumber: to,
      Message: text,
      MessageAttributes: {
        'AWS.SNS.SMS.SMSType': { DataType: 'String', StringValue: 'Transactional' },
        'AWS.SNS.SMS.SenderID': { DataType: 'String', StringValue: this.senderId },
      },
    });
    const result = await sendThrottledAware(() => this.client.send(command), this.retryDelaysMs);
    return { messageId: result.MessageId ?? '' };
  }
}
