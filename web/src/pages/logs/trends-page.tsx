import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import MixedLineBarChart from '@cloudscape-design/components/mixed-line-bar-chart';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { appointmentLogsMessages, logMessages, trendsMessages } from '../../../../shared/messages/logs';
import { controlMessages } from '../../../../shared/messages/controls';
import { screenNames } from '../../../../shared/messages/navigation';
import { monthsBefore } from '../../../../shared/logs/appointment-stats';
import { countByPeriod, groupingLabels, groupings, parisDay, periodsAfter, type Grouping } from '../../../../shared/logs/periods';
import {
  defaultWindow,
  forecast,
  forecastPeriods,
  movingAverage,
  movingAverageWindows,
  trendFitPoints,
  type MovingAverageWindow,
} from '../../../../shared/logs/trend';
import { chartStatus, pageState } from '../../components/page-state';
import { logQueries } from '../../api/log-queries';
import { chartStrings, periodLabel } from './log-config';
import { AttendanceTrendSection } from './attendance-trend-section';

const windowOptions = movingAverageWindows.map((window) => ({ value: String(window), label: trendsMessages.periods(window) }));

/**
 * /admin/logs/trends (part 3 §2, §9): plannings created over the last year by day, week or month,
 * their moving average (3, 4, 5, 7 or 10 periods) and a linear trend over the last 10 average
 * points forecasting 4 periods (never below 0), drawn as its own series after the history.
 */
export function TrendsPage() {
  const logs = useQuery(logQueries.appointments());
  const [grouping, setGrouping] = useState<Grouping>('week');
  const [window, setWindow] = useState<MovingAverageWindow>(defaultWindow);

  const chart = useMemo(() => {
    if (!logs.data) return null;
    const today = parisDay(logs.data.to);
    const counts = countByPeriod(
      logs.data.logs.map((log) => log.createdAt),
      monthsBefore(today, 12),
      today,
      grouping,
    );
    const average = movingAverage(
      counts.map((entry) => entry.count),
      window,
    );
    const predicted = forecast(average);
    const future = periodsAfter(counts[counts.length - 1].period, grouping, forecastPeriods);
    const label = (period: string) => periodLabel(period, grouping);
    return {
      domain: [...counts.map((entry) => label(entry.period)), ...future.map(label)],
      counts: counts.map((entry) => ({ x: label(entry.period), y: entry.count })),
      average: counts.flatMap((entry, index) => (average[index] === null ? [] : [{ x: label(entry.period), y: Math.round(average[index]! * 100) / 100 }])),
      forecast: predicted.map((value, index) => ({ x: label(future[index]), y: Math.round(value * 100) / 100 })),
      total: counts.reduce((sum, entry) => sum + entry.count, 0),
    };
  }, [logs.data, grouping, window]);

  const state = pageState(logs, chart?.total ?? 0, logMessages);
  const status = chartStatus(state);
  return (
    <SpaceBetween size="m">
      <Header variant="h1" description={trendsMessages.description}>
        {screenNames.trends}
      </Header>
      {state.kind === 'error' && (
        <Alert type="error" action={<Button onClick={() => void logs.refetch()}>{controlMessages.retry}</Button>}>
          {state.message}
        </Alert>
      )}
      <Container
        header={
          <Header variant="h2" description={chart ? trendsMessages.createdCount(chart.total) : undefined}>
            {appointmentLogsMessages.created}
          </Header>
        }
      >
        <SpaceBetween size="m">
          <SpaceBetween direction="horizontal" size="l">
            <FormField label={trendsMessages.grouping}>
              <SegmentedControl
                label={trendsMessages.grouping}
                selectedId={grouping}
                options={groupings.map((id) => ({ id, text: groupingLabels[id] }))}
                onChange={({ detail }) => setGrouping(detail.selectedId as Grouping)}
              />
            </FormField>
            <FormField label={trendsMessages.movingAverage}>
              <Select
                ariaLabel={trendsMessages.averageWindow}
                selectedOption={windowOptions.find((option) => option.value === String(window)) ?? null}
                options={windowOptions}
                onChange={({ detail }) => setWindow(Number(detail.selectedOption.value) as MovingAverageWindow)}
              />
            </FormField>
          </SpaceBetween>
          <MixedLineBarChart
            series={
              chart && state.kind === 'ready'
                ? [
                    { title: appointmentLogsMessages.created, type: 'bar' as const, data: chart.counts },
                    { title: trendsMessages.averageSeries(window), type: 'line' as const, data: chart.average },
                    { title: trendsMessages.forecastSeries(trendFitPoints), type: 'line' as const, data: chart.forecast },
                  ]
                : []
            }
            xDomain={chart?.domain}
            xScaleType="categorical"
            xTitle={groupingLabels[grouping]}
            yTitle={appointmentLogsMessages.created}
            height={320}
            statusType={status}
            {...chartStrings}
            errorText={state.kind === 'error' ? state.message : undefined}
            onRecoveryClick={() => void logs.refetch()}
            empty={
              <Box textAlign="center" color="inherit">
                <b>{logMessages.empty}</b>
              </Box>
            }
            ariaLabel={trendsMessages.chartLabel}
          />
          <Box variant="small">{trendsMessages.forecastNote(trendFitPoints, forecastPeriods)}</Box>
        </SpaceBetween>
      </Container>
      {/* Attendance on the day (docs/user-guide.md « Présences »), by the same periods. */}
      <AttendanceTrendSection grouping={grouping} />
    </SpaceBetween>
  );
}
