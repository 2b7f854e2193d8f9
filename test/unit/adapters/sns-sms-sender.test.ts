import { PublishCommand, SNSClient } from '@aws-sdk/client-sns';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-jest';
import { SnsSmsSender } from '../../../functions/adapters/aws/sns-sms-sender';

/** The SNS SMS sender (architecture: SMS port → SNS in AWS): direct-to-phone, transactional, with the sender id. */
describe('SNS SMS sender', () => {
  const sns = mockClient(SNSClient);
  const sender = new SnsSmsSender(new SNSClient({ region: 'eu-west-3' }), 'LIVREA');

  beforeEach(() => sns.reset());

  it('publishes one transactional SMS to the phone number with the sender id, and answers the message id', async () => {
    sns.on(PublishCommand).resolves({ MessageId: 'sns-1' });

    const result = await sender.send('+33611223344', 'Livrea : votre visite est confirmée.');

    expect(result).toEqual({ messageId: 'sns-1' });
    expect(sns).toHaveReceivedCommandTimes(PublishCommand, 1);
    expect(sns).toHaveReceivedCommandWith(PublishCommand, {
      PhoneNumber: '+33611223344',
      Message: 'Livrea : votre visite est confirmée.',
      MessageAttributes: {
        'AWS.SNS.SMS.SMSType': { DataType: 'String', StringValue: 'Transactional' },
        'AWS.SNS.SMS.SenderID': { DataType: 'String', StringValue: 'LIVREA' },
      },
    });
    // Direct-to-phone: never a topic.
    expect(sns.commandCalls(PublishCommand)[0].args[0].input.TopicArn).toBeUndefined();
  });

  it('an answer without a message id gives an empty id', async () => {
    sns.on(PublishCommand).resolves({});
    expect(await sender.send('+33611223344', 'Texte')).toEqual({ messageId: '' });
  });

  it('an SNS refusal (an invalid number) reaches the caller; throttling is retried instead (throttled-sends.test.ts)', async () => {
    sns.on(PublishCommand).rejects(Object.assign(new Error('Invalid parameter: PhoneNumber'), { name: 'InvalidParameterException' }));
    await expect(sender.send('+33611223344', 'Texte')).rejects.toMatchObject({ name: 'InvalidParameterException' });
  });
});
