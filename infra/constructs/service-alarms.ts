import { Duration } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Alarm, ComparisonOperator, type IMetric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import type { LivreaFunction } from './livrea-function';

export interface ServiceAlarmsProps {
  readonly api: HttpApi;
  readonly functions: readonly LivreaFunction[];
  /** When given, alarms notify this address through an SNS topic. */
  readonly alarmEmail?: string;
}

const period = Duration.minutes(5);

/** One failure is one too many: the API's 5xx and every function's errors, over 5 minutes. */
export class ServiceAlarms extends Construct {
  readonly alarms: Alarm[] = [];
  readonly topic?: Topic;

  constructor(scope: Construct, id: string, props: ServiceAlarmsProps) {
    super(scope, id);

    if (props.alarmEmail) {
      this.topic = new Topic(this, 'Topic', { displayName: 'Livrea alarms' });
      this.topic.addSubscription(new EmailSubscription(props.alarmEmail));
    }

    // Metric `5xx` of AWS/ApiGateway, dimension ApiId.
    this.add('Api5xx', 'HTTP API: at least one 5xx response in 5 minutes', props.api.metricServerError({ period, statistic: 'Sum' }));

    for (const fn of props.functions) {
      this.add(`${fn.node.id}Errors`, `Function ${fn.group}: at least one failed invocation in 5 minutes`, fn.metricErrors({ period, statistic: 'Sum' }));
    }
  }

  private add(id: string, description: string, metric: IMetric): void {
    const alarm = new Alarm(this, id, {
      alarmDescription: `Livrea ${description}`,
      metric,
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    if (this.topic) alarm.addAlarmAction(new SnsAction(this.topic));
    this.alarms.push(alarm);
  }
}
