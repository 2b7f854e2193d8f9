import * as path from 'node:path';
import { ArnFormat, CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { HttpMethod } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { HttpMethods } from 'aws-cdk-lib/aws-s3';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { apiRoutes, listRoutes, type ApiGroup } from '../../functions/api-routes';
import { grantGroup } from '../constructs/group-grants';
import { JobScheduler } from '../constructs/job-scheduler';
import { LivreaApi } from '../constructs/livrea-api';
import { LivreaFunction, projectRoot } from '../constructs/livrea-function';
import { LivreaTable } from '../constructs/livrea-table';
import { Messaging } from '../constructs/messaging';
import { PrivateBucket } from '../constructs/private-bucket';
import { ServiceAlarms } from '../constructs/service-alarms';
import { SpaSite } from '../constructs/spa-site';
import { functionOverrides } from './function-overrides';
import { groupPermissions } from './group-permissions';
import { readSettings, type LivreaSettings } from './livrea-settings';
import { suppressAcceptedFindings } from './nag-suppressions';
import { sendQuotaEnv } from '../../functions/core/jobs/send-quota-settings';

export interface LivreaStackProps extends StackProps {
  /** The built SPA; default `web/dist`. Skipped when it has no index.html. */
  readonly webDistPath?: string;
}

function pascalCase(group: string): string {
  return group.replace(/(^|[-_])([a-z0-9])/g, (_match, _sep: string, letter: string) => letter.toUpperCase());
}

function httpMethodOf(method: string): HttpMethod {
  const value = HttpMethod[method as keyof typeof HttpMethod];
  if (!value) throw new Error(`api-routes: unknown HTTP method "${method}"`);
  return value;
}

/**
 * Livrea in AWS: assembles the constructs; every Lambda default lives in LivreaFunction, every
 * function's permissions in group-permissions.ts. Functions and routes come from
 * functions/api-routes.ts: a new route needs no edit here, a new group one entry in the map.
 */
export class LivreaStack extends Stack {
  readonly settings: LivreaSettings;

  constructor(scope: Construct, id: string, props: LivreaStackProps = {}) {
    super(scope, id, props);
    const settings = readSettings(this);
    this.settings = settings;

    const { table } = new LivreaTable(this, 'Data');
    const filesBucket = new PrivateBucket(this, 'FilesBucket');
    const signingKey = new Secret(this, 'TokenSigningKey', {
      description: 'Livrea: key that signs session and reset tokens',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
    });
    const originSecret = new Secret(this, 'OriginVerifySecret', {
      description: 'Livrea: header value CloudFront sends to the API, which refuses requests without it',
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
    });
    // part 3 §4: only the salted scrypt hash of the credits password (`scrypt$N$r$p$salt$hash`),
    // set after the first deploy with put-secret-value (docs/deploy.md). Until then it holds a
    // generated value that is no hash, so no password unlocks credits.
    const creditsPasswordHash = new Secret(this, 'CreditsPasswordHash', {
      description: "Livrea: salted scrypt hash of the password that unlocks invoicing entities' credits (set it with put-secret-value)",
    });
    // Resolved by CloudFormation at deploy time into the distribution's origin header and the
    // functions' environment; never in the template.
    const originSecretValue = originSecret.secretValue.unsafeUnwrap();

    const { api } = new LivreaApi(this, 'Api', { stage: settings.stage });
    const site = new SpaSite(this, 'Site', {
      api,
      distPath: props.webDistPath ?? path.join(projectRoot, 'web', 'dist'),
      originSecret: originSecretValue,
      extraConnectSources: [`https://${filesBucket.bucketRegionalDomainName}`],
      extraImageSources: [`https://${filesBucket.bucketRegionalDomainName}`],
    });
    const messaging = new Messaging(this, 'Messaging', { mailFromDomain: settings.mailFromDomain });
    // Client files are PUT by the browser straight to presigned URLs (above the 6 MB Lambda
    // payload): the site may PUT (any origin without publicUrl: the distribution's own URL would
    // make a cycle through the CSP; the URL's signature is the authorization), and uploads never
    // read back are gone after a day. Files leave by presigned GETs that the browser navigates to
    // (no CORS needed); exports made for one request (downloads/) are gone after a day too.
    filesBucket.addCorsRule({ allowedMethods: [HttpMethods.PUT], allowedOrigins: [settings.publicUrl ?? '*'], allowedHeaders: ['content-type'], maxAge: 3600 });
    filesBucket.addLifecycleRule({ prefix: 'uploads/', expiration: Duration.days(1) });
    filesBucket.addLifecycleRule({ prefix: 'downloads/', expiration: Duration.days(1) });

    const commonEnvironment = {
      TABLE_NAME: table.tableName,
      FILES_BUCKET: filesBucket.bucketName,
      JWT_SECRET_ARN: signingKey.secretArn,
      LIVREA_RUNTIME: 'aws',
      PUBLIC_URL: settings.publicUrl ?? site.url,
      MAIL_FROM: settings.mailFrom,
      SMS_SENDER_ID: settings.smsSenderId,
    };

    const apiFunctions = (Object.keys(apiRoutes) as ApiGroup[]).map(
      (group) =>
        new LivreaFunction(this, `${pascalCase(group)}Function`, {
          group,
          kind: 'api',
          // part 2 §2.9: the PDF renderer's memory and Chromium (infra/stacks/function-overrides.ts)
          ...functionOverrides[group],
          environment: { ...commonEnvironment, ORIGIN_VERIFY_SECRET: originSecretValue, ...functionOverrides[group]?.environment },
          // A program's opening (hundreds of buyers booking within minutes) keeps its instances
          // whatever else runs, and cannot take every instance of the account either.
          ...(group === 'booking' ? { reservedConcurrency: settings.bookingReservedConcurrency } : {}),
        }),
    );
    // Named, so that its ARN is known without referencing it: dispatch itself gets it in its environment.
    const dispatchName = `${this.stackName}-dispatch`;
    const dispatch = new LivreaFunction(this, 'DispatchFunction', {
      group: 'dispatch',
      kind: 'job',
      functionName: dispatchName,
      // Only dispatch sends mails and SMS: the quotas it paces them by (absent: the product's defaults).
      environment: {
        ...commonEnvironment,
        ...Object.fromEntries(
          Object.entries(settings.sendQuotas).map(([setting, value]) => [sendQuotaEnv[setting as keyof typeof sendQuotaEnv], String(value)]),
        ),
      },
      // A burst of jobs (the confirmations of that opening, a wave) waits for its own instances
      // rather than taking the booking function's (asynchronous invocations past it are queued by
      // Lambda and retried, and the sweep finds whatever is due).
      reservedConcurrency: settings.dispatchReservedConcurrency,
    });
    const functions = [...apiFunctions, dispatch];
    // Exports of big plannings (docs/architecture.md): the export job, run by dispatch, has the
    // renderer function (Chromium) print an operation's PDF: it invokes it with `{ operationId }`.
    const renderer = apiFunctions.find((fn) => fn.group === 'pdf-renderer')!;
    renderer.grantInvoke(dispatch);
    dispatch.addEnvironment('PDF_RENDERER_FUNCTION_ARN', renderer.functionArn);

    const scheduler = new JobScheduler(this, 'Scheduler', {
      dispatch,
      dispatchArn: this.formatArn({ service: 'lambda', resource: 'function', resourceName: dispatchName, arnFormat: ArnFormat.COLON_RESOURCE_NAME }),
    });

    for (const fn of functions) {
      grantGroup(fn, groupPermissions[fn.group as keyof typeof groupPermissions], {
        table,
        filesBucket,
        signingKey,
        creditsPasswordHash,
        messaging,
        scheduler,
      });
      // Every function builds the scheduler adapter at cold start (functions/runtime/deps.ts), so
      // every one gets its settings; only the scheduling groups may use it.
      for (const [key, value] of Object.entries(scheduler.environment)) fn.addEnvironment(key, value);
    }

    const integrations = new Map(
      apiFunctions.map((fn) => [fn.group, new HttpLambdaIntegration(`${fn.node.id}Integration`, fn, { scopePermissionToRoute: false })]),
    );
    for (const route of listRoutes(false)) {
      api.addRoutes({ path: route.path, methods: [httpMethodOf(route.method)], integration: integrations.get(route.group)! });
    }

    new ServiceAlarms(this, 'Alarms', {
      api,
      functions,
      table,
      schedulerDeadLetters: scheduler.deadLetterQueue,
      alarmEmail: settings.alarmEmail,
    });

    suppressAcceptedFindings(this, {
      functions,
      api,
      buckets: [filesBucket, site.bucket],
      secrets: [signingKey, originSecret, creditsPasswordHash],
      distribution: site.distribution,
      scheduler,
      dispatch,
    });

    new CfnOutput(this, 'Stage', { value: settings.stage });
    new CfnOutput(this, 'SiteUrl', { value: settings.publicUrl ?? site.url, description: 'Livrea, as users open it' });
    new CfnOutput(this, 'DistributionUrl', { value: site.url });
    new CfnOutput(this, 'ApiUrl', { value: api.apiEndpoint, description: 'HTTP API (answers only CloudFront: use the site under /api)' });
    new CfnOutput(this, 'TableName', { value: table.tableName });
    new CfnOutput(this, 'FilesBucketName', { value: filesBucket.bucketName });
    new CfnOutput(this, 'SiteBucketName', { value: site.bucket.bucketName });
    new CfnOutput(this, 'DistributionId', { value: site.distribution.distributionId });
    new CfnOutput(this, 'TokenSigningKeyArn', { value: signingKey.secretArn });
    new CfnOutput(this, 'CreditsPasswordHashArn', {
      value: creditsPasswordHash.secretArn,
      description: "Put the credits password's scrypt hash here (docs/deploy.md)",
    });
    new CfnOutput(this, 'ScheduleGroupName', { value: scheduler.groupName });
    new CfnOutput(this, 'SchedulerDeadLetterQueueUrl', { value: scheduler.deadLetterQueue.queueUrl });
  }
}
