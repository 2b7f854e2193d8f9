import { SendEmailCommand, type SESv2Client } from '@aws-sdk/client-sesv2';
import type { Mailer, MailMessage } from '../../ports/mailer';

/** SES v2: simple content with attachments (no hand-built MIME). */
export class SesMailer implements Mailer {
  constructor(
    private readonly client: SESv2Client,
    private readonly from: string,
  ) {}

  async send(message: MailMessage): Promise<{ messageId: string }> {
    const result = await this.client.send(
      new SendEmailCommand({
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
      }),
    );
    return { messageId: result.MessageId ?? '' };
  }
}
