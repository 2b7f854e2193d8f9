import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { consolidatedPageMessages, consolidatedTitle, exportMessages } from '../../../../shared/messages/exports';
import { errorMessage } from '../../api/api-error';
import { exportQueries } from '../../api/export-queries';
import { ExportButton } from '../../components/exports/export-button';
import { PageLoading } from '../../components/page-loading';
import { initialDate } from '../../components/planning-detail/calendar-config';
import { PlanningCalendar } from '../../components/planning-detail/planning-calendar';
import { useProgram } from '../programs/use-program';
import { consolidatedEvents, consolidatedIds, planningColor } from './consolidated-config';

/**
 * /projets/{programId}/plannings-consolidate?ids=… (part 2 §2.8): 'Vue consolidée : N plannings',
 * the planning names as subtitle, their calendars together with one colour per planning, and the
 * export (PDF in the consolidated layout lotTypo, one spreadsheet). The server refuses mixed types
 * and drafts ('Veuillez selectionner des plannings de même type').
 */
export function ConsolidatedPage() {
  const { programId } = useProgram();
  const [search] = useSearchParams();
  const ids = useMemo(() => consolidatedIds(search.get('ids')), [search]);
  const query = useQuery({ ...exportQueries.consolidated(ids), enabled: ids.length > 0 });
  const plannings = useMemo(() => query.data ?? [], [query.data]);
  const events = useMemo(() => consolidatedEvents(plannings), [plannings]);
  const back = `/projets/${encodeURIComponent(programId)}/plannings`;

  if (ids.length > 0 && query.isPending) return <PageLoading />;
  if (ids.length === 0 || query.isError) {
    return (
      <Box padding={{ vertical: 'xl' }}>
        <Alert type="error" header={exportMessages.consolidatedLoadError} action={<Button href={back}>{consolidatedPageMessages.back}</Button>}>
          {ids.length === 0 ? exportMessages.noPlanningSelected : errorMessage(query.error)}
        </Alert>
      </Box>
    );
  }

  const first = plannings.reduce((a, b) => (a.planningStartTime <= b.planningStartTime ? a : b));
  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={plannings.map((planning) => planning.name).join(' · ')}
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <Button iconName="external" iconAlign="right" href={`/pview/${plannings.map((planning) => planning.uuid).join('&')}`} target="_blank">
                {consolidatedPageMessages.preview}
              </Button>
              <ExportButton
                target={{ ids: plannings.map((planning) => planning._id), uuids: plannings.map((planning) => planning.uuid), amoCount: 0 }}
                fileTypes={['pdf', 'xlsx']}
                initial={{ format: 'lotTypo', view: 'month' }}
              />
            </SpaceBetween>
          }
        >
          {consolidatedTitle(plannings.length)}
        </Header>
      }
    >
      <Container header={<Header variant="h2">{consolidatedPageMessages.calendar}</Header>}>
        <SpaceBetween size="m">
          <ul aria-label={consolidatedPageMessages.legend} style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: 16 }}>
            {plannings.map((planning, index) => (
              <li key={planning._id} style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
                <span aria-hidden style={{ width: 14, height: 14, borderRadius: 3, background: planningColor(index), display: 'inline-block' }} />
                {planning.name}
              </li>
            ))}
          </ul>
          <PlanningCalendar
            events={events}
            initialDate={initialDate(first)}
            selectable={false}
            initialView={window.innerWidth < 600 ? 'timeGridDay' : 'timeGridWeek'}
          />
        </SpaceBetween>
      </Container>
    </ContentLayout>
  );
}
