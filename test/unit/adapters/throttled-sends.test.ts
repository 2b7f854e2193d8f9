import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { PublishCommand, SNSClient } from '@aws-sdk/client-sns';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-jest';
import { SesMailer } from '../../../functions/adapters/aws/ses-mailer';
import { SnsSmsSender } from '../../../functions/adapters/aws/sns-sms-sender';
import { SendThrottledError } from '../../../functions/ports/send-throttled';

const throttled = (name: string, message: string) => Object.assign(new Error(message), { name });
const mail = { to: ['acquereur@exemple.fr'], subject: 'Sujet', text: 'Texte' };
// The adapters' pauses between tries, shortened: what is tested is how many tries and what is answered.
const quick = [1, 1, 1];

/** docs/deploy.md « Sending quotas »: SES and SNS throttling answers are retried as throttling, never answered as a failure. */
describe('throttled sends in the AWS adapters', () => {
  const ses = mockClient(SESv2Client);
  const sns = mockClient(SNSClient);
  const mailer = new SesMailer(new SESv2Client({ region: 'eu-west-3' }), 'ne-pas-repondre@livrea.fr', quick);
  const sms = new SnsSmsSender(new SNSClient({ region: 'eu-west-3' }), 'LIVREA', quick);

  beforeEach(() => {
    ses.reset();
    sns.reset();
  });

  it.each([
    ['Throttling', 'Maximum sending rate exceeded.'],
    ['TooManyRequestsException', 'Too many requests'],
    ['LimitExceededException', 'Maximum sending rate exceeded.'],
  ])('SES %s (« %s ») is tried again and the mail leaves once SES accepts it', async (name, message) => {
    ses.on(SendEmailCommand).rejectsOnce(throttled(name, message)).rejectsOnce(throttled(name, message)).resolves({ MessageId: 'ses-1' });

    expect(await mailer.send(mail)).toEqual({ messageId: 'ses-1' });
    expect(ses).toHaveReceivedCommandTimes(SendEmailCommand, 3);
  });

  it('SES throttling every time: answered as SendThrottledError after the retries (the job waits), not as the SDK error', async () => {
    ses.on(SendEmailCommand).rejects(throttled('TooManyRequestsException', 'Too many requests'));

    const error = await mailer.send(mail).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(SendThrottledError);
    expect(error).toMatchObject({ dailyQuota: false });
    expect(ses).toHaveReceivedCommandTimes(SendEmailCommand, 1 + quick.length);
  });

  it('SES « Daily message quota exceeded »: answered at once as the daily quota (no retry can help before the day ends)', async () => {
    ses.on(SendEmailCommand).rejects(throttled('Throttling', 'Daily message quota exceeded.'));

    await expect(mailer.send(mail)).rejects.toMatchObject({ name: 'SendThrottledError', dailyQuota: true });
    expect(ses).toHaveReceivedCommandTimes(SendEmailCommand, 1);
  });

  it('SES refusing the message (not throttling) is answered as it is, without retry', async () => {
    ses.on(SendEmailCommand).rejects(throttled('MessageRejected', 'Email address is not verified.'));

    await expect(mailer.send(mail)).rejects.toMatchObject({ name: 'MessageRejected' });
    expect(ses).toHaveReceivedCommandTimes(SendEmailCommand, 1);
  });

  it('SNS ThrottledException is tried again and the SMS leaves once SNS accepts it', async () => {
    sns.on(PublishCommand).rejectsOnce(throttled('ThrottledException', 'Rate exceeded')).resolves({ MessageId: 'sns-1' });

    expect(await sms.send('+33611223344', 'Livrea : rappel')).toEqual({ messageId: 'sns-1' });
    expect(sns).toHaveReceivedCommandTimes(PublishCommand, 2);
  });

  it('SNS throttling every time: answered as SendThrottledError after the retries', async () => {
    sns.on(PublishCommand).rejects(throttled('ThrottledException', 'Rate exceeded'));

    await expect(sms.send('+33611223344', 'Livrea : rappel')).rejects.toBeInstanceOf(SendThrottledError);
    expect(sns).toHaveReceivedCommandTimes(PublishCommand, 1 + quick.length);
  });
});
