import Alert from '@cloudscape-design/components/alert';
import BarChart from '@cloudscape-design/components/bar-chart';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { useQuery } from '@tanstack/react-query';
import { phaseLabels } from '../../../../shared/domain/planning';
import { funnelStageLabels, type FunnelRow } from '../../../../shared/logs/funnel';
import { errorMessage } from '../../api/api-error';
import { logQueries } from '../../api/log-queries';
import { PageLoading } from '../../components/page-loading';
import { ProgramLoadError } from '../programs/program-load-error';
import { useProgram } from '../programs/use-program';
import { chartStrings } from './log-config';
import { funnelStages, shareOf, formatDays } from './funnel-config';
import { funnelMessages, funnelPageMessages } from '../../../../shared/messages/logs';
import { controlMessages } from '../../../../shared/messages/controls';

/** One phase: the four stages as horizontal bars, then the share kept at each step and the delay. */
function PhaseFunnel({ row }: { row: FunnelRow }) {
  const title = funnelPageMessages.phaseTitle(phaseLabels[row.phase], row.invited);
  return (
    <Container header={<Header variant="h2">{title}</Header>}>
      <SpaceBetween size="l">
        <BarChart
          series={[
            { title: funnelPageMessages.buyers, type: 'bar', data: funnelStages.map((stage) => ({ x: funnelStageLabels[stage] as string, y: row[stage] })) },
          ]}
          horizontalBars
          hideFilter
          hideLegend
          xScaleType="categorical"
          xTitle={funnelPageMessages.stage}
          yTitle={funnelPageMessages.buyers}
          height={180}
          {...chartStrings}
          ariaLabel={funnelPageMessages.chartLabel(phaseLabels[row.phase])}
        />
        <KeyValuePairs
          columns={4}
          items={[
            { label: funnelPageMessages.opened, value: shareOf(row.opened, row.invited) },
            { label: funnelPageMessages.bookedOrConfirmed, value: shareOf(row.booked, row.invited) },
            { label: funnelMessages.stages.attended, value: shareOf(row.attended, row.invited) },
            { label: funnelPageMessages.absent, value: shareOf(row.absent, row.invited) },
            { label: funnelPageMessages.rescheduled, value: shareOf(row.rescheduled, row.invited) },
            { label: funnelPageMessages.unmarked, value: shareOf(row.unmarked, row.invited) },
            { label: funnelPageMessages.medianDelay, value: formatDays(row.medianDaysToBooking) },
          ]}
        />
      </SpaceBetween>
    </Container>
  );
}

/**
 * /projets/{programId}/parcours (part 3 §2 ★ funnel): per phase, how many buyers were invited,
 * opened their link, booked or confirmed, and had their visit, with the median days from
 * invitation to booking, so the promoter sees where buyers drop.
 */
export function FunnelPage() {
  const { programId, program } = useProgram();
  const funnel = useQuery(logQueries.funnel(programId));
  // A program the caller may not reach (403) or that does not exist: only the message.
  if (program.isError) return <ProgramLoadError error={program.error} onRetry={() => void program.refetch()} />;
  // Nothing of the page before the program is known to be reachable.
  if (program.isPending) return <PageLoading />;
  return (
    <SpaceBetween size="m">
      <Header variant="h1" description={funnelMessages.description}>
        {funnelPageMessages.title}
      </Header>
      {funnel.isPending && (
        <Box textAlign="center">
          <Spinner /> {chartStrings.loadingText}
        </Box>
      )}
      {funnel.isError && (
        <Alert type="error" action={<Button onClick={() => void funnel.refetch()}>{controlMessages.retry}</Button>}>
          {errorMessage(funnel.error, funnelMessages.loadFailed)}
        </Alert>
      )}
      {funnel.data && funnel.data.rows.length === 0 && (
        <Container>
          <Box textAlign="center" color="inherit">
            <b>{funnelMessages.empty}</b>
          </Box>
        </Container>
      )}
      {funnel.data?.rows.map((row) => (
        <PhaseFunnel key={row.phase} row={row} />
      ))}
    </SpaceBetween>
  );
}
