import { Effect, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { GroupPermissions } from '../stacks/group-permissions';
import type { JobScheduler } from './job-scheduler';
import type { LivreaFunction } from './livrea-function';
import type { Messaging } from './messaging';

/** The resources a function may be granted access to. */
export interface GrantTargets {
  readonly table: ITable;
  readonly filesBucket: IBucket;
  readonly signingKey: ISecret;
  /** part 3 §4: the salted hash of the invoicing entities' credits password. */
  readonly creditsPasswordHash: ISecret;
  readonly messaging: Messaging;
  readonly scheduler: JobScheduler;
}

/**
 * Gives a function exactly what its group's entry of the permission map lists, as explicit
 * actions (no `grantReadWriteData`, which would add Scan, BatchWrite and DeleteItem to everyone).
 */
export function grantGroup(fn: LivreaFunction, permissions: GroupPermissions, targets: GrantTargets): void {
  if (permissions.table.length > 0) {
    fn.addToRolePolicy(
      new PolicyStatement({
        sid: 'TableItems',
        effect: Effect.ALLOW,
        actions: [...permissions.table],
        // The indexes (gsi1, gsi2) are read by Query only, but one statement keeps the policy short.
        resources: [targets.table.tableArn, `${targets.table.tableArn}/index/*`],
      }),
    );
  }
  if (permissions.files.length > 0) {
    fn.addToRolePolicy(
      new PolicyStatement({ sid: 'FilesObjects', effect: Effect.ALLOW, actions: [...permissions.files], resources: [targets.filesBucket.arnForObjects('*')] }),
    );
  }
  if (permissions.readsSigningKey) {
    fn.addToRolePolicy(
      new PolicyStatement({
        sid: 'ReadSigningKey',
        effect: Effect.ALLOW,
        actions: ['secretsmanager:GetSecretValue'],
        resources: [targets.signingKey.secretArn],
      }),
    );
  }
  if (permissions.readsCreditsPasswordHash) {
    // part 3 §4: read by the admin function only, which alone is told where it is.
    fn.addToRolePolicy(
      new PolicyStatement({
        sid: 'ReadCreditsPasswordHash',
        effect: Effect.ALLOW,
        actions: ['secretsmanager:GetSecretValue'],
        resources: [targets.creditsPasswordHash.secretArn],
      }),
    );
    fn.addEnvironment('CREDITS_PASSWORD_SECRET_ARN', targets.creditsPasswordHash.secretArn);
  }
  if (permissions.sendsMail) targets.messaging.grantMail(fn);
  if (permissions.sendsSms) targets.messaging.grantSms(fn);
  if (permissions.schedulesJobs) targets.scheduler.grantManageSchedules(fn);
  if (permissions.runsJobsSoon) targets.scheduler.grantRunSoon(fn);
}
