import { Duration, Stack } from 'aws-cdk-lib';
import { Rule, RuleTargetInput, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Effect, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { CfnScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

export interface JobSchedulerProps {
  /** The only target of the schedules (deferred invitations, reminders). */
  readonly dispatch: IFunction;
  /** Its ARN as a string that does not reference the function (dispatch schedules jobs too). */
  readonly dispatchArn: string;
}

/** The Scheduler API calls of functions/adapters/aws/eventbridge-scheduler.ts. */
export const scheduleActions = ['scheduler:CreateSchedule', 'scheduler:DeleteSchedule'] as const;

/** What the sweep rule sends to dispatch every minute (functions/dispatch/handler.ts). */
export const sweepInput = { sweep: true } as const;

/**
 * EventBridge Scheduler for one-time jobs: a schedule group for Livrea's schedules, the role the
 * schedules run with (invoke dispatch, send to the dead-letter queue, nothing else), the queue
 * that receives the invocations Scheduler gave up on, and a rule that wakes dispatch every minute
 * to run what is due and re-run what a crash left claimed.
 */
export class JobScheduler extends Construct {
  readonly group: CfnScheduleGroup;
  readonly groupName: string;
  readonly role: Role;
  /** Schedules whose target could not be invoked after their retries land here (alarmed). */
  readonly deadLetterQueue: Queue;
  readonly sweepRule: Rule;
  private readonly dispatchArn: string;

  constructor(scope: Construct, id: string, props: JobSchedulerProps) {
    super(scope, id);
    const stack = Stack.of(this);

    this.groupName = `${stack.stackName}-jobs`;
    this.group = new CfnScheduleGroup(this, 'Group', { name: this.groupName });

    this.deadLetterQueue = new Queue(this, 'DeadLetters', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      // The longest SQS allows: time to read what failed and replay it.
      retentionPeriod: Duration.days(14),
    });

    this.role = new Role(this, 'InvokeDispatchRole', {
      description: 'Assumed by EventBridge Scheduler to invoke the Livrea dispatch function',
      // Confused-deputy guard: only schedules of this account may use the role.
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': stack.account } },
      }),
    });
    props.dispatch.grantInvoke(this.role);
    this.role.addToPolicy(new PolicyStatement({ effect: Effect.ALLOW, actions: ['sqs:SendMessage'], resources: [this.deadLetterQueue.queueArn] }));
    this.dispatchArn = props.dispatchArn;

    this.sweepRule = new Rule(this, 'Sweep', {
      description: 'Livrea: every minute, dispatch runs the due jobs and those whose lease expired',
      schedule: Schedule.rate(Duration.minutes(1)),
      targets: [new LambdaFunction(props.dispatch, { event: RuleTargetInput.fromObject(sweepInput), retryAttempts: 0 })],
    });
  }

  /** ARN pattern of the schedules in this group. */
  get schedulesArn(): string {
    return Stack.of(this).formatArn({ service: 'scheduler', resource: 'schedule', resourceName: `${this.groupName}/*` });
  }

  /** What a function that creates schedules must know. */
  get environment(): Record<string, string> {
    return {
      SCHEDULE_GROUP: this.groupName,
      SCHEDULER_ROLE_ARN: this.role.roleArn,
      SCHEDULER_DLQ_ARN: this.deadLetterQueue.queueArn,
      DISPATCH_FUNCTION_ARN: this.dispatchArn,
    };
  }

  /** Invoke dispatch asynchronously with the jobs a request just committed (the adapter's `runSoon`). */
  grantRunSoon(fn: IFunction): void {
    fn.addToRolePolicy(new PolicyStatement({ effect: Effect.ALLOW, actions: ['lambda:InvokeFunction'], resources: [this.dispatchArn] }));
  }

  /**
   * Create and delete this group's schedules (what the scheduler adapter calls), passing only the
   * dispatch role.
   */
  grantManageSchedules(fn: IFunction): void {
    fn.addToRolePolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: [...scheduleActions],
        resources: [this.schedulesArn],
      }),
    );
    fn.addToRolePolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: ['iam:PassRole'],
        resources: [this.role.roleArn],
        conditions: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
      }),
    );
  }
}
