import { Stack } from 'aws-cdk-lib';
import { Effect, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { CfnScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import { Construct } from 'constructs';

export interface JobSchedulerProps {
  /** The only target of the schedules (deferred invitations, reminders). */
  readonly dispatch: IFunction;
  /** Its ARN as a string that does not reference the function (dispatch schedules jobs too). */
  readonly dispatchArn: string;
}

/**
 * EventBridge Scheduler for one-time jobs: a schedule group for Livrea's schedules, and the role
 * the schedules run with, which can invoke the dispatch function and nothing else.
 */
export class JobScheduler extends Construct {
  readonly group: CfnScheduleGroup;
  readonly groupName: string;
  readonly role: Role;
  private readonly dispatchArn: string;

  constructor(scope: Construct, id: string, props: JobSchedulerProps) {
    super(scope, id);
    const stack = Stack.of(this);

    this.groupName = `${stack.stackName}-jobs`;
    this.group = new CfnScheduleGroup(this, 'Group', { name: this.groupName });

    this.role = new Role(this, 'InvokeDispatchRole', {
      description: 'Assumed by EventBridge Scheduler to invoke the Livrea dispatch function',
      // Confused-deputy guard: only schedules of this account may use the role.
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': stack.account } },
      }),
    });
    props.dispatch.grantInvoke(this.role);
    this.dispatchArn = props.dispatchArn;
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
      DISPATCH_FUNCTION_ARN: this.dispatchArn,
    };
  }

  /** Create, update, read and delete this group's schedules, passing only the dispatch role. */
  grantManageSchedules(fn: IFunction): void {
    fn.addToRolePolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: ['scheduler:CreateSchedule', 'scheduler:UpdateSchedule', 'scheduler:GetSchedule', 'scheduler:DeleteSchedule'],
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
