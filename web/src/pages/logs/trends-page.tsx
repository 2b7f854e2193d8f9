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
import { logMessages } from '../../../../shared/messages/logs';
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

const windowOptions = movingAverageWindows.map((window) => ({ value: String(window), label: `${window} périodes` }));

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
      <Header variant="h1" description="Plannings créés sur la dernière année, moyenne mobile et tendance.">
        Tendances
      </Header>
      {state.kind === 'error' && (
        <Alert type="error" action={<Button onClick={() => void logs.refetch()}>Réessayer</Button>}>
          {state.message}
        </Alert>
      )}
      <Container
        header={
          <Header variant="h2" description={chart ? `${chart.total} plannings créés sur la période` : undefined}>
            Plannings créés
          </Header>
        }
      >
        <SpaceBetween size="m">
          <SpaceBetween direction="horizontal" size="l">
            <FormField label="Regroupement">
              <SegmentedControl
                label="Regroupement"
                selectedId={grouping}
                options={groupings.map((id) => ({ id, text: groupingLabels[id] }))}
                onChange={({ detail }) => setGrouping(detail.selectedId as Grouping)}
              />
            </FormField>
            <FormField label="Moyenne mobile">
              <Select
                ariaLabel="Fenêtre de la moyenne mobile"
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
                    { title: 'Plannings créés', type: 'bar' as const, data: chart.counts },
                    { title: `Moyenne mobile (${window} périodes)`, type: 'line' as const, data: chart.average },
                    { title: `Prévision (tendance sur ${trendFitPoints} points)`, type: 'line' as const, data: chart.forecast },
                  ]
                : []
            }
            xDomain={chart?.domain}
            xScaleType="categorical"
            xTitle={groupingLabels[grouping]}
            yTitle="Plannings créés"
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
            ariaLabel="Tendance des plannings créés"
          />
          <Box variant="small">
            La prévision prolonge la droite ajustée sur les {trendFitPoints} derniers points de la moyenne mobile, sur {forecastPeriods} périodes, jamais en
            dessous de 0.
          </Box>
        </SpaceBetween>
      </Container>
      {/* Attendance on the day (docs/user-guide.md « Présences »), by the same periods. */}
      <AttendanceTrendSection grouping={grouping} />
    </SpaceBetween>
  );
}
