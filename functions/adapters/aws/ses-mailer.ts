import { SendEmailCommand, type SESv2Client } from '@aws-sdk/client-sesv2';
import type { Mailer, MailMessage } from '../../ports/mailer';
import { sendThrottledAware, throttledRetryDelaysMs } from './throttled-send';

/**
 * SES v2: simple content with attachments (no hand-built MIME). A throttled send is tried again a
 * few times, then answered as SendThrottledError (docs/deploy.md « Sending quotas »).
 */
export class SesMailer implements Mailer {
  constructor(
    private readonly client: SESv2Client,
    private readonly from: string,
    private readonly retryDelaysMs: readonly number[] = throttledRetryDelaysMs,
  ) {}

  async send(message: MailMessage): Promise<{ messageId: string }> {
    const command = new SendEmailCommand({
      FromEmailAddress: this.from,
      Destination: { ToAddresses: message.to, CcAddresses: message.cc },
      Content: {
        Simple: {
          Subject: { Data: message.subject, Charset: 'UTF-8' },
          Body: {
            Text: { Data: message.text, Charset: 'UTF-8' },
            ...(message.html ? { Html: { Data: message.html, Charset: 'UTF-8' } } : {}),
          },
          Attachments: message.attachments?.map((attachment) => ({
            FileName: attachment.filename,
            ContentType: attachment.contentType,
            RawContent: attachment.content,
          })),
        },
      },
    });
    const result = await sendThrottledAware(() => this.client.send(command), this.retryDelaysMs);
    return { messageId: result.MessageId ?? '' };
  }
}
