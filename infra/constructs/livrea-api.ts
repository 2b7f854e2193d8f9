import { RemovalPolicy } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { HttpApi, HttpStage, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';

export interface LivreaApiProps {
  readonly stage: string;
}

/**
 * Stage throttling for the whole API. A 200-buyer invitation wave opening their links within a
 * minute, or 50 buyers booking at once, stay far below; a client looping on the API is cut off
 * with 429 before it costs Lambda concurrency.
 */
export const apiThrottle = { rateLimit: 100, burstLimit: 200 } as const;

/**
 * One line per request, JSON. The route template (`routeKey`), never `$context.path`: paths carry
 * capability ids (a buyer's link, a read-only planning link, a reset token).
 */
const accessLogFields = {
  requestId: '$context.requestId',
  time: '$context.requestTime',
  sourceIp: '$context.identity.sourceIp',
  method: '$context.httpMethod',
  routeKey: '$context.routeKey',
  status: '$context.status',
  protocol: '$context.protocol',
  responseLength: '$context.responseLength',
  latencyMs: '$context.responseLatency',
  integrationLatencyMs: '$context.integrationLatency',
  integrationError: '$context.integrationErrorMessage',
} as const;

/**
 * The HTTP API and its `$default` stage, throttled and access-logged. Its `execute-api` endpoint
 * stays on because CloudFront reaches the API through it (disabling it needs a custom API domain);
 * instead every function refuses a request without CloudFront's origin secret header
 * (functions/http/origin-guard.ts, the secret in SpaSite).
 */
export class LivreaApi extends Construct {
  readonly api: HttpApi;
  readonly stage: HttpStage;
  readonly accessLogs: LogGroup;

  constructor(scope: Construct, id: string, props: LivreaApiProps) {
    super(scope, id);
    this.api = new HttpApi(this, 'Http', {
      apiName: `livrea-${props.stage}`,
      description: 'Livrea API (served under /api by CloudFront)',
      createDefaultStage: false,
    });
    this.accessLogs = new LogGroup(this, 'AccessLogs', { retention: RetentionDays.ONE_MONTH, removalPolicy: RemovalPolicy.DESTROY });
    this.stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.api,
      stageName: '$default',
      autoDeploy: true,
      throttle: apiThrottle,
      accessLogSettings: {
        destination: new LogGroupLogDestination(this.accessLogs),
        format: AccessLogFormat.custom(JSON.stringify(accessLogFields)),
      },
    });
  }
}
