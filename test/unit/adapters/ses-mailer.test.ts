import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-jest';
import { SesMailer } from '../../../functions/adapters/aws/ses-mailer';

/** The SES v2 mailer (architecture: mail port → SES in AWS): one SendEmail per message, UTF-8, attachments as raw content. */
describe('SES mailer', () => {
  const ses = mockClient(SESv2Client);
  const mailer = new SesMailer(new SESv2Client({ region: 'eu-west-3' }), 'Livrea <ne-pas-repondre@livrea.fr>');

  beforeEach(() => ses.reset());

  it('sends one SendEmail with the sender, recipients, copies, UTF-8 subject and both bodies, and answers the message id', async () => {
    ses.on(SendEmailCommand).resolves({ MessageId: 'ses-1' });
    const ics = Buffer.from('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n');

    const result = await mailer.send({
      to: ['acquereur@exemple.fr'],
      cc: ['conjoint@exemple.fr'],
      subject: 'Livrea : rendez-vous confirmé',
      text: 'Votre visite est confirmée.',
      html: '<p>Votre visite est confirmée.</p>',
      attachments: [{ filename: 'rendez-vous.ics', contentType: 'text/calendar; charset=utf-8', content: ics }],
    });

    expect(result).toEqual({ messageId: 'ses-1' });
    expect(ses).toHaveReceivedCommandTimes(SendEmailCommand, 1);
    expect(ses).toHaveReceivedCommandWith(SendEmailCommand, {
      FromEmailAddress: 'Livrea <ne-pas-repondre@livrea.fr>',
      Destination: { ToAddresses: ['acquereur@exemple.fr'], CcAddresses: ['conjoint@exemple.fr'] },
      Content: {
        Simple: {
          Subject: { Data: 'Livrea : rendez-vous confirmé', Charset: 'UTF-8' },
          Body: { Text: { Data: 'Votre visite est confirmée.', Charset: 'UTF-8' }, Html: { Data: '<p>Votre visite est confirmée.</p>', Charset: 'UTF-8' } },
          Attachments: [{ FileName: 'rendez-vous.ics', ContentType: 'text/calendar; charset=utf-8', RawContent: ics }],
        },
      },
    });
  });

  it('a text-only message has no Html part and no attachments', async () => {
    ses.on(SendEmailCommand).resolves({ MessageId: 'ses-2' });

    await mailer.send({ to: ['a@exemple.fr'], subject: 'Sujet', text: 'Texte' });

    const input = ses.commandCalls(SendEmailCommand)[0].args[0].input;
    expect(input.Content?.Simple?.Body).toEqual({ Text: { Data: 'Texte', Charset: 'UTF-8' } });
    expect(input.Content?.Simple?.Attachments).toBeUndefined();
  });

  it('an answer without a message id gives an empty id rather than undefined', async () => {
    ses.on(SendEmailCommand).resolves({});
    expect(await mailer.send({ to: ['a@exemple.fr'], subject: 'S', text: 'T' })).toEqual({ messageId: '' });
  });

  it('an SES refusal reaches the caller (the job that sends the mail records the failure)', async () => {
    ses.on(SendEmailCommand).rejects(Object.assign(new Error('Email address is not verified.'), { name: 'MessageRejected' }));
    await expect(mailer.send({ to: ['a@exemple.fr'], subject: 'S', text: 'T' })).rejects.toMatchObject({ name: 'MessageRejected' });
  });
});
