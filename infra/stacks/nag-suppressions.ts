import type { Stack } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import type { Distribution } from 'aws-cdk-lib/aws-cloudfront';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import type { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { NagSuppressions } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import type { JobScheduler } from '../constructs/job-scheduler';
import type { LivreaFunction } from '../constructs/livrea-function';

/** What the accepted findings are about. */
export interface NagSubjects {
  readonly functions: readonly LivreaFunction[];
  readonly api: HttpApi;
  readonly buckets: readonly Bucket[];
  readonly secrets: readonly Secret[];
  readonly distribution: Distribution;
  readonly scheduler: JobScheduler;
  /** The dispatch function: it invokes the PDF renderer for an operation's PDF. */
  readonly dispatch: LivreaFunction;
}

/**
 * The cdk-nag AwsSolutions findings Livrea accepts, each with its reason. Everything else is an
 * error: `cdk synth` (infra/app.ts) and test/infra/nag.test.ts fail on it. Wildcards are accepted
 * one by one (`appliesTo`), never for a whole policy.
 */
export function suppressAcceptedFindings(stack: Stack, subjects: NagSubjects): void {
  for (const fn of subjects.functions) {
    NagSuppressions.addResourceSuppressions(
      fn,
      [
        {
          id: 'AwsSolutions-IAM4',
          reason: "AWSLambdaBasicExecutionRole only allows writing the function's own CloudWatch logs (CreateLogStream, PutLogEvents).",
          appliesTo: ['Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole'],
        },
        {
          id: 'AwsSolutions-IAM5',
          reason:
            'Resource "*": X-Ray PutTraceSegments/PutTelemetryRecords have no resource type; SNS Publish to a phone number (SMS) is authorized on "*" only, ' +
            'and every topic or endpoint ARN is explicitly denied beside it (infra/constructs/messaging.ts).',
          appliesTo: ['Resource::*'],
        },
        {
          id: 'AwsSolutions-IAM5',
          reason:
            "The table's indexes (gsi1, gsi2, functions/data/table-definition.ts) are queried by the same item actions; only the listed actions are allowed.",
          appliesTo: [{ regex: '/^Resource::<DataTable[A-Za-z0-9]*\\.Arn>\\/index\\/\\*$/' }],
        },
        {
          id: 'AwsSolutions-IAM5',
          reason: 'Objects of the files bucket have generated keys (one per upload); only the object actions of the group are allowed, on this bucket only.',
          appliesTo: [{ regex: '/^Resource::<FilesBucket[A-Za-z0-9]*\\.Arn>\\/\\*$/' }],
        },
        {
          id: 'AwsSolutions-IAM5',
          reason: "Schedules are named after job ids created at run time; only CreateSchedule/DeleteSchedule, only in this stage's schedule group.",
          appliesTo: [{ regex: '/^Resource::arn:<AWS::Partition>:scheduler:<AWS::Region>:<AWS::AccountId>:schedule\\/Livrea-[a-z0-9-]+-jobs\\/\\*$/' }],
        },
        {
          id: 'AwsSolutions-L1',
          reason:
            'Node.js 22 is the LTS the code is built and tested for (bundling target node22, tests and CI on Node 22 too); moving to a newer runtime is a deliberate upgrade.',
        },
      ],
      true,
    );
  }

  NagSuppressions.addResourceSuppressions(
    subjects.api,
    [
      {
        id: 'AwsSolutions-APIG4',
        reason:
          'Authorization is done in the functions, route by route (functions/http/route.ts: public, buyer capability link, or roles checked against a live session item, ' +
          "so logout and password resets revoke at once, which an API Gateway JWT authorizer cannot); every route also requires CloudFront's origin secret.",
      },
    ],
    true,
  );

  NagSuppressions.addResourceSuppressions(
    [...subjects.buckets],
    [
      {
        id: 'AwsSolutions-S1',
        reason:
          'Objects are reached only by the functions (their role, their logs) and by CloudFront through origin access control; no one else has access. ' +
          'CloudTrail data events can be enabled for an audit without a log bucket per stage.',
      },
    ],
    true,
  );

  NagSuppressions.addResourceSuppressions(
    [...subjects.secrets],
    [
      {
        id: 'AwsSolutions-SMG4',
        reason:
          'Rotating the token signing key signs every user out and invalidates reset links, so it is done by hand in a quiet hour (docs/deploy.md); ' +
          'the origin secret changes with the distribution and the functions in one deploy; ' +
          "the credits password's hash changes when the administrators choose a new password (docs/deploy.md).",
      },
    ],
    true,
  );

  NagSuppressions.addResourceSuppressions(
    subjects.distribution,
    [
      { id: 'AwsSolutions-CFR1', reason: 'Buyers may open their link from abroad (holidays, expatriates): no geographic restriction.' },
      {
        id: 'AwsSolutions-CFR2',
        reason: 'No WAF web ACL yet: the API is rate limited at its stage and per account in the functions (login, forgot, register).',
      },
      {
        id: 'AwsSolutions-CFR3',
        reason: 'The distribution serves static files; API requests are logged by the API stage (access log group, route templates only).',
      },
      {
        id: 'AwsSolutions-CFR4',
        reason:
          'The distribution uses the default *.cloudfront.net certificate, whose TLS floor cannot be raised; a custom domain with an ACM certificate sets TLSv1.2_2021 (docs/deploy.md).',
      },
    ],
    true,
  );

  NagSuppressions.addResourceSuppressions(subjects.scheduler.deadLetterQueue, [
    {
      id: 'AwsSolutions-SQS3',
      reason: 'This queue is itself the dead-letter queue of the EventBridge Scheduler targets (set on each schedule, not visible to cdk-nag).',
    },
  ]);
  NagSuppressions.addResourceSuppressions(
    subjects.dispatch,
    [
      {
        id: 'AwsSolutions-IAM5',
        reason:
          'lambda:InvokeFunction on the PDF renderer function and its versions (":*"): an operation\'s PDF is printed by the function that holds Chromium.',
        appliesTo: [{ regex: '/^Resource::<PdfRendererFunction[A-Za-z0-9]*\\.Arn>:\\*$/' }],
      },
    ],
    true,
  );
  NagSuppressions.addResourceSuppressions(
    subjects.scheduler.role,
    [
      {
        id: 'AwsSolutions-IAM5',
        reason: 'lambda:InvokeFunction on the dispatch function and its versions (":*"), the only target of the schedules.',
        appliesTo: [{ regex: '/^Resource::<DispatchFunction[A-Za-z0-9]*\\.Arn>:\\*$/' }],
      },
    ],
    true,
  );

  suppressBucketDeploymentFindings(stack);
}

/** The CDK's own BucketDeployment handler (present only with a web build). */
function suppressBucketDeploymentFindings(stack: Stack): void {
  const handlers = stack.node.children.filter((child: IConstruct) => child.node.id.startsWith('Custom::CDKBucketDeployment'));
  if (handlers.length === 0) return;
  NagSuppressions.addResourceSuppressions(
    handlers,
    [
      { id: 'AwsSolutions-IAM4', reason: "The CDK BucketDeployment handler's execution role: logs only (AWSLambdaBasicExecutionRole)." },
      {
        id: 'AwsSolutions-IAM5',
        reason:
          "The CDK BucketDeployment handler copies the SPA build: the asset bucket's objects to the SPA bucket's objects, and invalidates the distribution.",
      },
      { id: 'AwsSolutions-L1', reason: 'The runtime of the CDK BucketDeployment handler is chosen by aws-cdk-lib.' },
    ],
    true,
  );
}
