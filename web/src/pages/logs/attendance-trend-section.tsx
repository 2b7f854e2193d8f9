import BarChart from '@cloudscape-design/components/bar-chart';
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { attendanceLabels, attendanceStatuses } from '../../../../shared/domain/attendance';
import { countByPeriod, groupingLabels, type Grouping } from '../../../../shared/logs/periods';
import { trendsMessages } from '../../../../shared/messages/logs';
import { screenNames } from '../../../../shared/messages/navigation';
import { attendanceQueries } from '../../api/attendance-queries';
import { chartStrings, periodLabel } from './log-config';

/**
 * The trends page's attendance (docs/user-guide.md « Présences »): the visits of the last year by the period
 * of their day, stacked by their mark (présents, absents, reportés sur place).
 */
export function AttendanceTrendSection({ grouping }: { grouping: Grouping }) {
  const trend = useQuery(attendanceQueries.trend());
  const chart = useMemo(() => {
    if (!trend.data) return null;
    const { from, to, visits } = trend.data;
    const series = attendanceStatuses.map((status) => ({
      title: attendanceLabels[status],
      type: 'bar' as const,
      data: countByPeriod(
        visits.filter((visit) => visit.status === status).map((visit) => visit.visitStart),
        from,
        to,
        grouping,
      ).map((entry) => ({ x: periodLabel(entry.period, grouping), y: entry.count })),
    }));
    const absent = visits.filter((visit) => visit.status === 'absent').length;
    return { series, total: visits.length, absent };
  }, [trend.data, grouping]);
  const description = chart ? trendsMessages.attendanceCount(chart.total, chart.absent) : undefined;
  return (
    <Container
      header={
        <Header variant="h2" description={description}>
          {trendsMessages.attendance}
        </Header>
      }
    >
      <BarChart
        series={chart && chart.total > 0 ? chart.series : []}
        stackedBars
        xScaleType="categorical"
        xTitle={groupingLabels[grouping]}
        yTitle={screenNames.visits}
        height={260}
        statusType={trend.isPending ? 'loading' : trend.isError ? 'error' : 'finished'}
        {...chartStrings}
        onRecoveryClick={() => void trend.refetch()}
        empty={
          <Box textAlign="center" color="inherit">
            <b>{trendsMessages.noAttendance}</b>
          </Box>
        }
        ariaLabel={trendsMessages.attendanceLabel}
      />
    </Container>
  );
}
