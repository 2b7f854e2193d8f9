import { jobMetricLine } from '../../../functions/core/jobs/job-metrics';
import { retryDelayMs } from '../../../functions/core/jobs/job-policy';

describe('job metrics and backoff', () => {
  it('a dead letter is one CloudWatch EMF line: namespace Livrea, metric JobDeadLettered, no dimension (what the alarm watches)', () => {
    const line = JSON.parse(jobMetricLine('JobDeadLettered', 'send-buyer-message', new Date('2026-11-24T02:00:00.000Z')));
    expect(line).toEqual({
      _aws: {
        Timestamp: Date.parse('2026-11-24T02:00:00.000Z'),
        CloudWatchMetrics: [{ Namespace: 'Livrea', Dimensions: [[]], Metrics: [{ Name: 'JobDeadLettered', Unit: 'Count' }] }],
      },
      JobDeadLettered: 1,
      jobKind: 'send-buyer-message',
    });
  });

  it('a failed attempt counts JobFailed the same way', () => {
    const line = JSON.parse(jobMetricLine('JobFailed', 'send-reminder', new Date()));
    expect(line._aws.CloudWatchMetrics[0]).toEqual({ Namespace: 'Livrea', Dimensions: [[]], Metrics: [{ Name: 'JobFailed', Unit: 'Count' }] });
    expect(line.JobFailed).toBe(1);
  });

  it('retries back off exponentially: 30 s, 2 min, 10 min, then 30 min', () => {
    expect([1, 2, 3, 4, 5].map(retryDelayMs)).toEqual([30_000, 120_000, 600_000, 1_800_000, 1_800_000]);
  });
});
