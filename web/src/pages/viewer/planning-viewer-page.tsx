import '../../../../shared/i18n/zod-french';
import '../../app/cloudscape-global-styles';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Toggle from '@cloudscape-design/components/toggle';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { PublicPlanning } from '../../../../shared/domain/public-planning';
import { controlMessages } from '../../../../shared/messages/controls';
import { viewerMessages } from '../../../../shared/messages/viewer';
import { fieldLabels } from '../../../../shared/messages/field-labels';
import { detailMessages } from '../../../../shared/messages/planning-actions';
import { planningReadMessages } from '../../../../shared/messages/planning-reads';
import { errorMessage, isApiError } from '../../api/api-error';
import { programLogoUrl } from '../../api/booking-queries';
import { mergeViewerPages, viewerQueries } from '../../api/viewer-queries';
import { LoadMoreButton } from '../../components/load-more-button';
import { CopyrightFooter } from '../../app/public-layout';
import { initialDate } from '../../components/planning-detail/calendar-config';
import { PlanningCalendar } from '../../components/planning-detail/planning-calendar';
import { PageLoading } from '../../components/page-loading';
import { addressLine, amoFromPath, mapsUrl, viewerEvents, viewerLegend, viewerTitle, type LegendEntry } from './planning-viewer-config';
import { quitPage } from '../../components/quit-page';
import { ViewerExportButton } from '../../components/exports/viewer-export-button';
import { usePageTitle } from '../../app/use-page-title';

function NotFound() {
  return (
    <Box textAlign="center" padding={{ vertical: 'xxxl' }}>
      <SpaceBetween size="m">
        <Box variant="h1">{planningReadMessages.planningNotFound}</Box>
        <Box color="text-body-secondary">
          {viewerMessages.notFoundNote} <Link href={`mailto:${viewerMessages.contactMail}`}>{viewerMessages.contactMail}</Link>.
        </Box>
        <Button variant="primary" onClick={quitPage}>
          {viewerMessages.quit}
        </Button>
      </SpaceBetween>
    </Box>
  );
}

/** The colours of the calendar's visits: by AMO for one planning, by planning for a group. */
function ColorLegend({ entries, byPlanning }: { entries: readonly LegendEntry[]; byPlanning: boolean }) {
  if (entries.length === 0) return null;
  const title = byPlanning ? viewerMessages.planningColors : viewerMessages.amoColors;
  return (
    <div role="group" aria-label={title}>
      <Box variant="awsui-key-label">{title}</Box>
      <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: '4px 16px' }}>
        {entries.map((entry) => (
          <li key={`${entry.color}-${entry.label}`} style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
            <span aria-hidden="true" style={{ width: 14, height: 14, borderRadius: 3, background: entry.color, flex: 'none' }} />
            <span>{entry.label}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function PlanningSummary({ planning }: { planning: PublicPlanning }) {
  // An imposed planning's answers are its confirmations, never its placed convocations ('11 réponses sur 10').
  const answered = planning.nbAnswered;
  return (
    <ColumnLayout columns={3} variant="text-grid">
      <ProgressBar
        label={viewerMessages.responseRate}
        value={planning.progress}
        description={viewerMessages.answered(answered, planning.nbInvited)}
        additionalInfo={viewerMessages.booked(planning.nbBooked)}
      />
      <div>
        <Box variant="awsui-key-label">{fieldLabels.address}</Box>
        <Link href={mapsUrl(planning.address)} external externalIconAriaLabel={viewerMessages.opensMap}>
          {addressLine(planning.address)}
        </Link>
      </div>
      <div>
        <Box variant="awsui-key-label">{viewerMessages.team}</Box>
        <Box>{planning.amos.length > 0 ? planning.amos.map((amo) => amo.name).join(', ') : teamSize(planning.events)}</Box>
      </div>
    </ColumnLayout>
  );
}

/** without named AMOs the team is its size per day, not '—'. */
function teamSize(events: readonly { nbAmo: number }[]): string {
  const most = Math.max(0, ...events.map((event) => event.nbAmo));
  return most > 0 ? viewerMessages.amosPerDay(most) : '—';
}

/**
 * The public read-only calendar /pview/{uuid}[&{uuid}…][/{amo}] (part 2 §2.9): logo, title, response
 * rate, RDVs Libres switch, Jour / Semaine / Mois, the address on a map. Reached by the planning's
 * link (shared by staff, LIEN_PLAN in messages); no session.
 */
export function PlanningViewerPage() {
  const { group = '', amo } = useParams();
  const navigate = useNavigate();
  const query = useInfiniteQuery(viewerQueries.group(group));
  const [showFreeMeetings, setShowFreeMeetings] = useState(true);
  const amoNb = amoFromPath(amo);
  const plannings = useMemo(() => mergeViewerPages(query.data?.pages ?? []), [query.data]);
  usePageTitle(
    plannings.length === 1
      ? plannings[0].name
      : plannings.length > 1
        ? viewerMessages.groupTitle(plannings[0].projectName, plannings.length)
        : fieldLabels.planningId,
  );
  const events = useMemo(() => viewerEvents({ plannings, amoNb, showFreeMeetings }), [plannings, amoNb, showFreeMeetings]);

  if (query.isPending) return <PageLoading />;
  if (query.isError) {
    if (isApiError(query.error, 404)) return <NotFound />;
    return (
      <Box textAlign="center" padding={{ vertical: 'xxxl' }}>
        <SpaceBetween size="m">
          <Box variant="h1">{detailMessages.loadFailed}</Box>
          <Box color="text-status-error">{errorMessage(query.error)}</Box>
          <Button onClick={() => void query.refetch()}>{controlMessages.retry}</Button>
        </SpaceBetween>
      </Box>
    );
  }

  const [first] = plannings;
  const amos = first.amos;
  const amoOptions = [{ value: '', label: viewerMessages.allAmos }, ...amos.map((candidate) => ({ value: String(candidate.amoNb), label: candidate.name }))];
  return (
    <div style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <main style={{ flex: 1, width: '100%', maxWidth: 1280, margin: '0 auto', padding: '24px 16px', boxSizing: 'border-box' }}>
        <SpaceBetween size="l">
          <SpaceBetween direction="horizontal" size="m" alignItems="center">
            {first.hasLogo && (
              <img
                src={programLogoUrl(first.programId)}
                alt={viewerMessages.logo(first.projectName)}
                style={{ maxHeight: 56, maxWidth: 160, objectFit: 'contain' }}
              />
            )}
            <Box>
              <Box variant="h1" margin="n">
                {plannings.length === 1 ? viewerTitle(first) : viewerMessages.groupTitle(first.projectName, plannings.length)}
              </Box>
              <Box color="text-body-secondary">
                {plannings.length === 1 ? `${first.projectName} · ${first.promoter}` : plannings.map(viewerTitle).join(' — ')}
              </Box>
            </Box>
          </SpaceBetween>
          {plannings.map((planning) => (
            <Container key={planning.uuid} header={plannings.length > 1 ? <Header variant="h2">{viewerTitle(planning)}</Header> : undefined}>
              <PlanningSummary planning={planning} />
            </Container>
          ))}
          <Container
            header={
              <Header
                variant="h2"
                description={viewerMessages.readOnly}
                actions={
                  <SpaceBetween direction="horizontal" size="m" alignItems="center">
                    {plannings.length === 1 && amos.length > 1 && (
                      <Select
                        ariaLabel="AMO"
                        selectedOption={amoOptions.find((option) => option.value === (amoNb === null ? '' : String(amoNb))) ?? amoOptions[0]}
                        options={amoOptions}
                        onChange={({ detail }) =>
                          void navigate(`/pview/${group}${detail.selectedOption.value ? `/${detail.selectedOption.value}` : ''}`, { replace: true })
                        }
                      />
                    )}
                    <ViewerExportButton plannings={plannings} amoNb={amoNb} showFreeMeetings={showFreeMeetings} />
                    <Toggle checked={showFreeMeetings} onChange={({ detail }) => setShowFreeMeetings(detail.checked)}>
                      {viewerMessages.freeMeetings}
                    </Toggle>
                  </SpaceBetween>
                }
              >
                {viewerMessages.calendar}
              </Header>
            }
          >
            <SpaceBetween size="s">
              <ColorLegend entries={viewerLegend(plannings, amoNb)} byPlanning={plannings.length > 1} />
              {query.hasNextPage && (
                <Box color="text-body-secondary">{viewerMessages.visitsLoaded(plannings.reduce((count, planning) => count + planning.visits.length, 0))}</Box>
              )}
              <PlanningCalendar
                events={events}
                initialDate={initialDate(first)}
                selectable={false}
                initialView={window.innerWidth < 600 ? 'timeGridDay' : plannings.length > 1 ? 'dayGridMonth' : 'timeGridWeek'}
              />
              <LoadMoreButton hasMore={query.hasNextPage} loading={query.isFetchingNextPage} onLoad={() => void query.fetchNextPage()} />
            </SpaceBetween>
          </Container>
        </SpaceBetween>
      </main>
      <CopyrightFooter />
    </div>
  );
}
