import Alert from '@cloudscape-design/components/alert';
import BarChart from '@cloudscape-design/components/bar-chart';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import CollectionPreferences from '@cloudscape-design/components/collection-preferences';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Pagination from '@cloudscape-design/components/pagination';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { viewLogDefaultMonths, viewLogPageSizes, type ViewLogEntry } from '../../../../shared/domain/virtual-visit';
import { virtualVisitMessages } from '../../../../shared/messages/virtual-visits';
import { errorMessage, isApiError } from '../../api/api-error';
import { ConfirmModal } from '../../components/confirm-modal';
import { useDeleteViewLogsMutation, visitQueries } from '../../api/virtual-visit-queries';
import { notify } from '../../app/notifications-store';
import { formatDateTime } from '../../components/format-date';
import { dayAfter } from './visit-form-defaults';
import { viewLogPageSizeOptions, viewsChartMinWidth } from './visit-logs-config';
import { FrenchDateInput } from '../../components/french-date-input';
import { everyDayOf, shortDayLabel } from '../../../../shared/domain/views-per-day';
import { visitLogMessages, visitTableMessages } from '../../../../shared/messages/virtual-visit-pages';

const defaultFrom = () => {
  const date = new Date();
  date.setMonth(date.getMonth() - viewLogDefaultMonths);
  return date.toISOString().slice(0, 10);
};

/**
 * Visit logs /admin/logs/visites (part 3 §2, §9): statistics, views per day (bar
 * chart, last 6 months by default), the history (page size 50; 50, 100, 200, 500) and deletion of
 * chosen entries.
 */
export function VisitLogsPage() {
  const [from, setFrom] = useState(defaultFrom);
  const [to, setTo] = useState(() => dayAfter(0));
  const [pageSize, setPageSize] = useState<number>(viewLogPageSizes[0]);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<ViewLogEntry[]>([]);
  const [confirming, setConfirming] = useState(false);
  const logs = useQuery(visitQueries.logs(from, to));
  const remove = useDeleteViewLogsMutation();
  const views = logs.data?.views ?? [];
  const shown = views.slice((page - 1) * pageSize, page * pageSize);
  // Cloudscape draws bars on a categorical axis only (a time axis draws none): one category per
  // day of the period, days without views included, so the axis stays proportional to time.
  const perDay = useMemo(
    () => (logs.data ? everyDayOf(logs.data.stats.perDay, logs.data.from, logs.data.to).map((day) => ({ x: day.date, y: day.views })) : []),
    [logs.data],
  );
  const anyView = perDay.some((day) => day.y > 0);

  if (logs.isError && isApiError(logs.error, 403)) {
    return <Alert type="error">{virtualVisitMessages.logsForbidden}</Alert>;
  }

  const deleteSelected = () => {
    const map: Record<string, string[]> = {};
    for (const view of selected) (map[view.uuid] ??= []).push(view._id);
    remove.mutate(map, {
      onSuccess: ({ message }) => {
        setSelected([]);
        setConfirming(false);
        notify({ type: 'success', content: message });
      },
      onError: (error) => {
        setConfirming(false);
        notify({ type: 'error', content: errorMessage(error) });
      },
    });
  };

  const stats = logs.data?.stats;
  return (
    <ContentLayout
      header={
        <Header variant="h1" description={visitLogMessages.description}>
          {visitLogMessages.title}
        </Header>
      }
    >
      <SpaceBetween size="l">
        {logs.isError && <Alert type="error">{errorMessage(logs.error)}</Alert>}
        <Container header={<Header variant="h2">{visitLogMessages.period}</Header>}>
          <SpaceBetween direction="horizontal" size="l">
            <FormField label="Du">
              <FrenchDateInput value={from} onChange={(day) => day && setFrom(day)} ariaLabel={visitLogMessages.periodStart} />
            </FormField>
            <FormField label="Au">
              <FrenchDateInput value={to} onChange={(day) => day && setTo(day)} ariaLabel={visitLogMessages.periodEnd} />
            </FormField>
          </SpaceBetween>
        </Container>
        <Container header={<Header variant="h2">Statistiques</Header>}>
          <KeyValuePairs
            columns={4}
            items={[
              { label: 'Vues', value: stats?.total ?? '–' },
              { label: 'Visites vues', value: stats?.visits ?? '–' },
              { label: 'Pays', value: stats?.countries.length ?? '–' },
              { label: 'Premier pays', value: stats?.countries[0] ? `${stats.countries[0].name} (${stats.countries[0].views})` : '–' },
            ]}
          />
        </Container>
        <Container header={<Header variant="h2">Vues par jour</Header>}>
          {/* A focusable region: the keyboard scrolls it when the period is wider than the screen. */}
          <div role="region" aria-label={visitLogMessages.chartRegion} tabIndex={0} style={{ overflowX: 'auto' }}>
            <div style={{ minWidth: viewsChartMinWidth(Math.max(perDay.length, 1)) }}>
              <BarChart
                series={anyView ? [{ title: 'Vues', type: 'bar', data: perDay }] : []}
                xScaleType="categorical"
                xDomain={perDay.map((day) => day.x)}
                height={240}
                hideFilter
                statusType={logs.isPending ? 'loading' : logs.isError ? 'error' : 'finished'}
                loadingText="Chargement"
                errorText={visitLogMessages.chartFailed}
                empty={<Box textAlign="center">{visitLogMessages.chartEmpty}</Box>}
                xTitle="Jour"
                yTitle="Vues"
                ariaLabel="Vues par jour"
                i18nStrings={{ legendAriaLabel: visitLogMessages.legend, chartAriaRoleDescription: 'diagramme en barres', xTickFormatter: shortDayLabel }}
              />
            </div>
          </div>
        </Container>
        <Table<ViewLogEntry>
          variant="container"
          trackBy="_id"
          selectionType="multi"
          selectedItems={selected}
          onSelectionChange={({ detail }) => setSelected(detail.selectedItems)}
          ariaLabels={{
            selectionGroupLabel: visitLogMessages.selectionGroup,
            allItemsSelectionLabel: () => visitLogMessages.selectAll,
            itemSelectionLabel: (_s, view) => visitLogMessages.selectOne(formatDateTime(view.date)),
          }}
          loading={logs.isPending}
          loadingText="Chargement de l'historique"
          items={shown}
          empty={<Box textAlign="center">{visitLogMessages.empty}</Box>}
          header={
            <Header
              variant="h2"
              counter={`(${views.length})`}
              actions={
                <Button disabled={selected.length === 0} loading={remove.isPending} onClick={() => setConfirming(true)}>
                  {visitTableMessages.deleteSelection}
                </Button>
              }
            >
              Historique
            </Header>
          }
          pagination={
            <Pagination
              currentPageIndex={page}
              pagesCount={Math.max(1, Math.ceil(views.length / pageSize))}
              onChange={({ detail }) => setPage(detail.currentPageIndex)}
              ariaLabels={{ nextPageLabel: 'Page suivante', previousPageLabel: visitLogMessages.previousPage, pageLabel: (n) => `Page ${n}` }}
            />
          }
          preferences={
            <CollectionPreferences
              title={visitLogMessages.preferences}
              confirmLabel="Valider"
              cancelLabel="Annuler"
              preferences={{ pageSize }}
              pageSizePreference={{ title: 'Lignes par page', options: viewLogPageSizeOptions }}
              onConfirm={({ detail }) => {
                setPageSize(detail.pageSize ?? viewLogPageSizes[0]);
                setPage(1);
              }}
            />
          }
          columnDefinitions={[
            { id: 'date', header: 'Date', cell: (view) => formatDateTime(view.date) },
            { id: 'name', header: 'Client', cell: (view) => view.name, isRowHeader: true },
            { id: 'pointer', header: 'Visite', cell: (view) => view.pointer },
            { id: 'uuid', header: 'Identifiant', cell: (view) => view.uuid },
            { id: 'country', header: 'Pays', cell: (view) => (view.country_code ? `${view.country_name} (${view.country_code})` : 'Inconnu') },
            { id: 'city', header: 'Ville', cell: (view) => view.city || '–' },
            { id: 'state', header: visitLogMessages.region, cell: (view) => view.state || '–' },
            { id: 'postal', header: 'Code postal', cell: (view) => view.postal || '–' },
            { id: 'position', header: 'Latitude, longitude', cell: (view) => (view.latitude === null ? '–' : `${view.latitude}, ${view.longitude}`) },
            { id: 'ip', header: 'IP', cell: (view) => view.IPv4 },
          ]}
        />
      </SpaceBetween>
      {confirming && (
        // A deleted view is gone from the history and its counts: asked first.
        <ConfirmModal
          header={visitLogMessages.deleteHeader}
          confirmLabel="Supprimer"
          pending={remove.isPending}
          onConfirm={deleteSelected}
          onDismiss={() => setConfirming(false)}
        >
          {visitLogMessages.deleteBody(selected.length)}
        </ConfirmModal>
      )}
    </ContentLayout>
  );
}
