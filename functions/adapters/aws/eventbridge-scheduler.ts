import { CreateScheduleCommand, DeleteScheduleCommand, type SchedulerClient } from '@aws-sdk/client-scheduler';
import { InvokeCommand, type LambdaClient } from '@aws-sdk/client-lambda';
import type { JobScheduler } from '../../ports/job-scheduler';

export interface EventBridgeSchedulerConfig {
  groupName: string;
  roleArn: string;
  dispatchFunctionArn: string;
  /** SQS queue receiving the events EventBridge could not deliver after its retries (SCHEDULER_DLQ_ARN). */
  deadLetterQueueArn?: string;
}

/** `at()` takes whole seconds: rounded up, so the schedule never fires before the job is due. */
function atExpression(runAt: Date): string {
  return `at(${new Date(Math.ceil(runAt.getTime() / 1000) * 1000).toISOString().slice(0, 19)})`;
}

/**
 * One-time EventBridge schedules that invoke the dispatch function with the job id, deleted by
 * EventBridge once run. The schedule name is the job id, so scheduling twice is refused by AWS
 * rather than sending twice. An invocation that fails after the retries lands in the dead-letter
 * queue (alarmed); the job itself stays on the due index and the sweep runs it anyway.
 */
export class EventBridgeJobScheduler implements JobScheduler {
  constructor(
    private readonly client: SchedulerClient,
    private readonly lambda: LambdaClient,
    private readonly config: EventBridgeSchedulerConfig,
  ) {}

  /** An asynchronous ('Event') invocation of the dispatch function: Lambda queues it and retries it twice. */
  async runSoon(jobIds: string[]): Promise<void> {
    if (jobIds.length === 0) return;
    await this.lambda.send(new InvokeCommand({ FunctionName: this.config.dispatchFunctionArn, InvocationType: 'Event', Payload: JSON.stringify({ jobIds }) }));
  }

  async schedule(jobId: string, runAt: Date): Promise<void> {
    await this.send(jobId, runAt).catch((error: unknown) => {
      // Scheduled already (a job re-run after a crash schedules its continuation again): nothing to do.
      if ((error as { name?: string }).name !== 'ConflictException') throw error;
    });
  }

  private async send(jobId: string, runAt: Date): Promise<void> {
    await this.client.send(
      new CreateScheduleCommand({
        Name: jobId,
        GroupName: this.config.groupName,
        ScheduleExpression: atExpression(runAt),
        ScheduleExpressionTimezone: 'UTC',
        FlexibleTimeWindow: { Mode: 'OFF' },
        ActionAfterCompletion: 'DELETE',
        Target: {
          Arn: this.config.dispatchFunctionArn,
          RoleArn: this.config.roleArn,
          Input: JSON.stringify({ jobId }),
          RetryPolicy: { MaximumRetryAttempts: 3 },
          ...(this.config.deadLetterQueueArn ? { DeadLetterConfig: { Arn: this.config.deadLetterQueueArn } } : {}),
        },
      }),
    );
  }

  async cancel(jobId: string): Promise<void> {
    try {
      await this.client.send(new DeleteScheduleCommand({ Name: jobId, GroupName: this.config.groupName }));
    } catch (error) {
      if ((error as { name?: string }).name !== 'ResourceNotFoundException') throw error;
    }
  }
}
