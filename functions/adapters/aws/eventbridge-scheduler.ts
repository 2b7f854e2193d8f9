import { CreateScheduleCommand, DeleteScheduleCommand, type SchedulerClient } from '@aws-sdk/client-scheduler';
import type { JobScheduler } from '../../ports/job-scheduler';

export interface EventBridgeSchedulerConfig {
  groupName: string;
  roleArn: string;
  dispatchFunctionArn: string;
}

/**
 * One-time EventBridge schedules that invoke the dispatch function with the job id, deleted by
 * EventBridge once run. The schedule name is the job id, so scheduling twice is refused by AWS
 * rather than sending twice.
 */
export class EventBridgeJobScheduler implements JobScheduler {
  constructor(private readonly client: SchedulerClient, private readonly config: EventBridgeSchedulerConfig) {}

  async schedule(jobId: string, runAt: Date): Promise<void> {
    await this.client.send(
      new CreateScheduleCommand({
        Name: jobId,
        GroupName: this.config.groupName,
        ScheduleExpression: `at(${runAt.toISOString().slice(0, 19)})`,
        ScheduleExpressionTimezone: 'UTC',
        FlexibleTimeWindow: { Mode: 'OFF' },
        ActionAfterCompletion: 'DELETE',
        Target: {
          Arn: this.config.dispatchFunctionArn,
          RoleArn: this.config.roleArn,
          Input: JSON.stringify({ jobId }),
          RetryPolicy: { MaximumRetryAttempts: 3 },
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
