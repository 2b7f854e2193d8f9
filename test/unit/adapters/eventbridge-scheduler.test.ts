import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { ConflictException, CreateScheduleCommand, SchedulerClient } from '@aws-sdk/client-scheduler';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-jest';
import { EventBridgeJobScheduler } from '../../../functions/adapters/aws/eventbridge-scheduler';

const config = {
  groupName: 'livrea-jobs',
  roleArn: 'arn:aws:iam::123456789012:role/invoke-dispatch',
  dispatchFunctionArn: 'arn:aws:lambda:eu-west-3:123456789012:function:livrea-dispatch',
};
const dlq = 'arn:aws:sqs:eu-west-3:123456789012:livrea-scheduler-dlq';

describe('EventBridge job scheduler (the schedule target gets a dead-letter queue)', () => {
  const client = mockClient(SchedulerClient);
  beforeEach(() => client.reset());

  it('puts the dead-letter queue from SCHEDULER_DLQ_ARN in the target, with the job id as input and retries', async () => {
    // Prepare
    client.on(CreateScheduleCommand).resolves({});
    const scheduler = new EventBridgeJobScheduler(new SchedulerClient({}), new LambdaClient({}), { ...config, deadLetterQueueArn: dlq });

    // Act
    await scheduler.schedule('job-abc', new Date('2026-12-01T08:00:00.000Z'));

    // Assess
    expect(client).toHaveReceivedCommandWith(CreateScheduleCommand, {
      Name: 'job-abc',
      GroupName: 'livrea-jobs',
      ScheduleExpression: 'at(2026-12-01T08:00:00)',
      Target: expect.objectContaining({
        Arn: config.dispatchFunctionArn,
        Input: JSON.stringify({ jobId: 'job-abc' }),
        RetryPolicy: { MaximumRetryAttempts: 3 },
        DeadLetterConfig: { Arn: dlq },
      }),
    });
  });

  it('without a dead-letter queue configured, the target has no DeadLetterConfig', async () => {
    client.on(CreateScheduleCommand).resolves({});
    await new EventBridgeJobScheduler(new SchedulerClient({}), new LambdaClient({}), config).schedule('job-abc', new Date('2026-12-01T08:00:00.000Z'));
    expect(client.commandCalls(CreateScheduleCommand)[0].args[0].input.Target).not.toHaveProperty('DeadLetterConfig');
  });

  it('rounds the time up to the second, so the schedule never fires before the job is due', async () => {
    client.on(CreateScheduleCommand).resolves({});
    await new EventBridgeJobScheduler(new SchedulerClient({}), new LambdaClient({}), config).schedule('job-abc', new Date('2026-12-01T08:00:00.250Z'));
    expect(client).toHaveReceivedCommandWith(CreateScheduleCommand, { ScheduleExpression: 'at(2026-12-01T08:00:01)' });
  });

  it('a schedule of that name existing already (a continuation scheduled again after a crash) is not an error', async () => {
    client.on(CreateScheduleCommand).rejects(new ConflictException({ message: 'exists', Message: 'exists', $metadata: {} }));
    await expect(new EventBridgeJobScheduler(new SchedulerClient({}), new LambdaClient({}), config).schedule('job-abc.1', new Date())).resolves.toBeUndefined();
  });

  it('runSoon: the jobs a request committed go to the dispatch function in one asynchronous invocation, so the answer does not wait for their mails', async () => {
    const lambda = mockClient(LambdaClient);
    lambda.on(InvokeCommand).resolves({ StatusCode: 202 });
    await new EventBridgeJobScheduler(new SchedulerClient({}), new LambdaClient({}), config).runSoon(['job-1', 'job-2']);
    expect(lambda).toHaveReceivedCommandTimes(InvokeCommand, 1);
    const input = lambda.commandCalls(InvokeCommand)[0].args[0].input;
    expect(input).toEqual(expect.objectContaining({ FunctionName: config.dispatchFunctionArn, InvocationType: 'Event' }));
    expect(JSON.parse(Buffer.from(input.Payload as Uint8Array).toString('utf8'))).toEqual({ jobIds: ['job-1', 'job-2'] });
    lambda.restore();
  });
});
