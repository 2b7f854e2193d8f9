import { Duration } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Alarm, ComparisonOperator, Metric, type IMetric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { LivreaFunction } from './livrea-function';

export interface ServiceAlarmsProps {
  readonly api: HttpApi;
  readonly functions: readonly LivreaFunction[];
  readonly table: ITable;
  /** EventBridge Scheduler's dead-letter queue (JobScheduler). */
  readonly schedulerDeadLetters: IQueue;
  /** Subscribed to the alarm topic; required outside `dev` (livrea-settings.ts). */
  readonly alarmEmail?: string;
}

/** Namespace of the metrics the dispatch code writes (EMF lines, no dimension). */
const jobMetricsNamespace = 'Livrea';

/** A failing job is retried with backoff: a few failures are weather, more than this is a storm. */
export const jobFailedThreshold = 5;

/**
 * SES reputation, account-wide. AWS reviews an account at 5 % bounces and 0.1 % complaints; the
 * alarms ring earlier: at the 2 % bounce rate AWS advises staying under, and at half the
 * complaint review rate.
 */
const sesBounceRateThreshold = 0.02;
const sesComplaintRateThreshold = 0.0005;

const period = Duration.minutes(5);

interface AlarmSpec {
  readonly id: string;
  readonly description: string;
  readonly metric: IMetric;
  readonly threshold?: number;
  /** `>=` by default (one occurrence is one too many); `>` for rates and the failure storm. */
  readonly strictlyAbove?: boolean;
}

/**
 * Everything that means users are not served or not reached: API 5xx; errors and throttles of
 * every function; DynamoDB throttling; jobs failing, dead-lettered, or never delivered by
 * Scheduler; SES bounce and complaint rates. All notify one topic, with the alarm e-mail
 * subscribed.
 */
export class ServiceAlarms extends Construct {
  readonly alarms: Alarm[] = [];
  readonly topic: Topic;

  constructor(scope: Construct, id: string, props: ServiceAlarmsProps) {
    super(scope, id);

    this.topic = new Topic(this, 'Topic', { displayName: 'Livrea alarms', enforceSSL: true });
    if (props.alarmEmail) this.topic.addSubscription(new EmailSubscription(props.alarmEmail));

    const sum = { period, statistic: 'Sum' } as const;
    const specs: AlarmSpec[] = [
      // Metric `5xx` of AWS/ApiGateway, dimension ApiId.
      { id: 'Api5xx', description: 'HTTP API: at least one 5xx response in 5 minutes', metric: props.api.metricServerError(sum) },
      ...props.functions.flatMap((fn): AlarmSpec[] => [
        { id: `${fn.node.id}Errors`, description: `Function ${fn.group}: at least one failed invocation in 5 minutes`, metric: fn.metricErrors(sum) },
        { id: `${fn.node.id}Throttles`, description: `Function ${fn.group}: at least one throttled invocation in 5 minutes`, metric: fn.metricThrottles(sum) },
      ]),
      { id: 'TableReadThrottles', description: 'DynamoDB: at least one throttled read in 5 minutes', metric: props.table.metric('ReadThrottleEvents', sum) },
      { id: 'TableWriteThrottles', description: 'DynamoDB: at least one throttled write in 5 minutes', metric: props.table.metric('WriteThrottleEvents', sum) },
      {
        id: 'JobFailed',
        description: `jobs: more than ${jobFailedThreshold} failed attempts in 5 minutes`,
        metric: new Metric({ namespace: jobMetricsNamespace, metricName: 'JobFailed', ...sum }),
        threshold: jobFailedThreshold,
        strictlyAbove: true,
      },
      {
        id: 'JobDeadLettered',
        description: 'jobs: at least one job gave up after its retries (see the planning delivery log)',
        metric: new Metric({ namespace: jobMetricsNamespace, metricName: 'JobDeadLettered', ...sum }),
      },
      {
        id: 'SchedulerDeadLetters',
        description: 'EventBridge Scheduler could not invoke dispatch: messages wait in the dead-letter queue',
        metric: props.schedulerDeadLetters.metricApproximateNumberOfMessagesVisible({ period, statistic: 'Maximum' }),
        threshold: 0,
        strictlyAbove: true,
      },
      {
        id: 'SesBounceRate',
        description: `SES: bounce rate above ${sesBounceRateThreshold * 100} % (AWS reviews the account at 5 %)`,
        metric: new Metric({ namespace: 'AWS/SES', metricName: 'Reputation.BounceRate', period, statistic: 'Maximum' }),
        threshold: sesBounceRateThreshold,
        strictlyAbove: true,
      },
      {
        id: 'SesComplaintRate',
        description: `SES: complaint rate above ${sesComplaintRateThreshold * 100} % (AWS reviews the account at 0.1 %)`,
        metric: new Metric({ namespace: 'AWS/SES', metricName: 'Reputation.ComplaintRate', period, statistic: 'Maximum' }),
        threshold: sesComplaintRateThreshold,
        strictlyAbove: true,
      },
    ];
    for (const spec of specs) this.add(spec);
  }

  private add(spec: AlarmSpec): void {
    const alarm = new Alarm(this, spec.id, {
      alarmDescription: `Livrea ${spec.description}`,
      metric: spec.metric,
      threshold: spec.threshold ?? 1,
      evaluationPeriods: 1,
      comparisonOperator: spec.strictlyAbove ? ComparisonOperator.GREATER_THAN_THRESHOLD : ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(new SnsAction(this.topic));
    this.alarms.push(alarm);
  }
}
