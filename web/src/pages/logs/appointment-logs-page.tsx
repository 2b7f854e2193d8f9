import Alert from '@cloudscape-design/components/alert';
import BarChart from '@cloudscape-design/components/bar-chart';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Pagination from '@cloudscape-design/components/pagination';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { appointmentLogsMessages, logMessages } from '../../../../shared/messages/logs';
import { controlMessages } from '../../../../shared/messages/controls';
import { fieldLabels } from '../../../../shared/messages/field-labels';
import { phaseLabels } from '../../../../shared/domain/planning';
import { formatParisDateTime } from '../../../../shared/i18n/paris-dates';
import { appointmentStatistics, groupLabel, logGroupByLabels, stackedByGroup, type LogGroupBy } from '../../../../shared/logs/appointment-stats';
import { hourHistogram } from '../../../../shared/logs/hour-histogram';
import { parisDay } from '../../../../shared/logs/periods';
import { adminQueries } from '../../api/admin-queries';
import { chartStatus, pageState } from '../../components/page-state';
import { logQueries } from '../../api/log-queries';
import { chartStrings, periodLabel, tablePageSize } from './log-config';

const groupByOptions = (Object.keys(logGroupByLabels) as LogGroupBy[]).map((id) => ({ id, text: logGroupByLabels[id] }));

/**
 * /admin/logs/rdvs (part 3 §2, §9): every planning creation of the last 2 years, a chart stacked
 * by program, promoter, phase or entity, the 24-bucket hour-of-day histogram and the statistics
 * of the last 6 months and the last month.
 */
export function AppointmentLogsPage() {
  const logs = useQuery(logQueries.appointments());
  // The logs name an entity by id: the grouping and the column show its company name.
  const entities = useQuery(adminQueries.entities());
  const entityNames = useMemo(() => Object.fromEntries((entities.data ?? []).map((entity) => [entity._id, entity.raisonsociale])), [entities.data]);
  const [groupBy, setGroupBy] = useState<LogGroupBy>('program');
  const [page, setPage] = useState(1);
  const data = logs.data;
  const state = pageState(logs, data?.logs.length ?? 0, logMessages);
  const status = chartStatus(state);

  const series = useMemo(
    () => (data ? stackedByGroup(data.logs, groupBy, parisDay(data.from), parisDay(data.to), 'month', entityNames) : []),
    [data, groupBy, entityNames],
  );
  const hours = useMemo(() => hourHistogram(data?.logs.map((log) => log.createdAt) ?? []), [data]);
  const stats = useMemo(() => (data ? appointmentStatistics(data.logs, new Date(data.to)) : null), [data]);
  const newestFirst = useMemo(() => [...(data?.logs ?? [])].reverse(), [data]);
  const pagesCount = Math.max(1, Math.ceil(newestFirst.length / tablePageSize));

  const empty = (
    <Box textAlign="center" color="inherit">
      <b>{logMessages.empty}</b>
    </Box>
  );
  const statistic = (label: string, value?: { count: number; programs: number; byPhase: Partial<Record<keyof typeof phaseLabels, number>> }) => ({
    label,
    value: value ? (
      <SpaceBetween size="xxs">
        <Box variant="awsui-value-large">{value.count}</Box>
        <Box variant="small">
          {appointmentLogsMessages.programCount(value.programs)}{' '}
          {Object.entries(value.byPhase)
            .map(([phase, count]) => `${phaseLabels[phase as keyof typeof phaseLabels]} ${count}`)
            .join(', ') || appointmentLogsMessages.noPhase}
        </Box>
      </SpaceBetween>
    ) : (
      '—'
    ),
  });

  return (
    <SpaceBetween size="m">
      <Header variant="h1" description={appointmentLogsMessages.description}>
        {appointmentLogsMessages.title}
      </Header>
      {state.kind === 'error' && (
        <Alert type="error" action={<Button onClick={() => void logs.refetch()}>{controlMessages.retry}</Button>}>
          {state.message}
        </Alert>
      )}
      <Container header={<Header variant="h2">{appointmentLogsMessages.statistics}</Header>}>
        <KeyValuePairs
          columns={2}
          items={[statistic(appointmentLogsMessages.lastSixMonths, stats?.lastSixMonths), statistic(appointmentLogsMessages.lastMonth, stats?.lastMonth)]}
        />
      </Container>
      <Container
        header={
          <Header
            variant="h2"
            actions={
              <SegmentedControl
                label={appointmentLogsMessages.groupBy}
                selectedId={groupBy}
                options={groupByOptions}
                onChange={({ detail }) => setGroupBy(detail.selectedId as LogGroupBy)}
              />
            }
          >
            {appointmentLogsMessages.byMonth}
          </Header>
        }
      >
        <BarChart
          series={series.map((entry) => ({
            title: entry.group,
            type: 'bar' as const,
            data: entry.counts.map((count) => ({ x: periodLabel(count.period, 'month'), y: count.count })),
          }))}
          stackedBars
          xScaleType="categorical"
          xTitle={appointmentLogsMessages.month}
          yTitle={appointmentLogsMessages.created}
          height={260}
          statusType={status}
          {...chartStrings}
          errorText={state.kind === 'error' ? state.message : undefined}
          onRecoveryClick={() => void logs.refetch()}
          empty={empty}
          ariaLabel={appointmentLogsMessages.byMonth}
        />
      </Container>
      <ColumnLayout columns={1}>
        <Container
          header={
            <Header variant="h2" description={appointmentLogsMessages.byHourHelp}>
              {appointmentLogsMessages.byHour}
            </Header>
          }
        >
          <BarChart
            series={
              state.kind === 'ready'
                ? [{ title: appointmentLogsMessages.created, type: 'bar', data: hours.map((count, hour) => ({ x: `${hour}h`, y: count })) }]
                : []
            }
            xScaleType="categorical"
            xTitle={appointmentLogsMessages.hour}
            yTitle={appointmentLogsMessages.created}
            height={200}
            hideFilter
            statusType={status}
            {...chartStrings}
            errorText={state.kind === 'error' ? state.message : undefined}
            onRecoveryClick={() => void logs.refetch()}
            empty={empty}
            ariaLabel={appointmentLogsMessages.byHourLabel}
          />
        </Container>
      </ColumnLayout>
      <Table
        header={
          <Header variant="h2" counter={data ? `(${data.logs.length})` : undefined}>
            {appointmentLogsMessages.history}
          </Header>
        }
        items={newestFirst.slice((page - 1) * tablePageSize, page * tablePageSize)}
        loading={status === 'loading'}
        loadingText={chartStrings.loadingText}
        empty={empty}
        trackBy="planningId"
        columnDefinitions={[
          { id: 'nom', header: fieldLabels.planningId, cell: (log) => log.nom },
          { id: 'program', header: fieldLabels.program, cell: (log) => log.program },
          { id: 'promoter', header: fieldLabels.promoter, cell: (log) => log.promoter },
          { id: 'phase', header: fieldLabels.phase, cell: (log) => phaseLabels[log.phase] },
          { id: 'invoiceEntity', header: fieldLabels.invoiceEntity, cell: (log) => (log.invoiceEntity ? groupLabel(log, 'invoiceEntity', entityNames) : '—') },
          { id: 'createdAt', header: appointmentLogsMessages.createdAt, cell: (log) => formatParisDateTime(log.createdAt) },
        ]}
        pagination={
          <Pagination
            currentPageIndex={Math.min(page, pagesCount)}
            pagesCount={pagesCount}
            onChange={({ detail }) => setPage(detail.currentPageIndex)}
            ariaLabels={{ nextPageLabel: controlMessages.nextPage, previousPageLabel: controlMessages.previousPage, pageLabel: controlMessages.page }}
          />
        }
      />
    </SpaceBetween>
  );
}
