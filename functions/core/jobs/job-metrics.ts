import { logger } from '../../runtime/logger';
import type { Deps } from '../../runtime/deps';

/** The two job metrics the alarms watch (namespace `Livrea`, no dimension): keep these names. */
export type JobMetricName = 'JobFailed' | 'JobDeadLettered';

const jobMetricNamespace = 'Livrea';

/**
 * One CloudWatch Embedded Metric Format line: Lambda's log pipeline turns it into a metric
 * without any API call (the Powertools metrics package is not installed). No dimension, so the
 * alarm on `Livrea/<name>` counts every kind; the kind is a property for Logs Insights.
 */
export function jobMetricLine(name: JobMetricName, kind: string, at: Date): string {
  return JSON.stringify({
    _aws: { Timestamp: at.getTime(), CloudWatchMetrics: [{ Namespace: jobMetricNamespace, Dimensions: [[]], Metrics: [{ Name: name, Unit: 'Count' }] }] },
    [name]: 1,
    jobKind: kind,
  });
}

/** Counts a failed attempt or a dead letter: an EMF line in AWS, a warning in the local log. */
export function countJobMetric(deps: Deps, name: JobMetricName, kind: string, jobId: string): void {
  if (deps.config.runtime === 'aws') process.stdout.write(`${jobMetricLine(name, kind, deps.now())}\n`);
  else logger.warn(name, { jobId, kind });
}
