import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Pagination from '@cloudscape-design/components/pagination';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { exportMessages } from '../../../../shared/messages/exports';
import { listLabels, planningListScreenMessages as screen } from '../../../../shared/messages/planning-list';
import type { ListedPlanning } from '../../../../shared/exports/plannings-query';
import { errorMessage } from '../../api/api-error';
import { exportQueries } from '../../api/export-queries';
import { formatDateTime } from '../../components/format-date';
import { PlanningStateBadge } from '../../components/plannings/planning-state-badge';
import { planningRow, planningSelectionLabels, rowHref } from '../plannings/planning-list-config';
import { usePlanningDeletion } from '../plannings/use-planning-deletion';
import { ConsolidateButton } from './consolidate-button';
import {
  crossProgramQuery,
  filterOptions,
  initialCrossProgramState,
  kindLabels,
  pagesCountOf,
  sortableColumns,
  sortingColumnOf,
  type CrossProgramState,
} from './cross-program-config';

type FilterKey = 'programId' | 'phase' | 'kind' | 'state';

/**
 * /promoter/plannings and /amo/plannings (part 2 §2.3 cross-program list): the plannings of every
 * program the user may see, 10 a page, paged, filtered (program, phase, kind, state) and sorted by
 * the server (GET /plannings/q). A failed page shows 'Une erreur est survenue lors de la pagination.'
 * Selected plannings are consolidated or deleted, as on a program's list (part 2 §2.3).
 */
export function CrossProgramPlanningsPage() {
  const navigate = useNavigate();
  const [state, setState] = useState<CrossProgramState>(initialCrossProgramState);
  const query = useQuery(exportQueries.crossProgram(crossProgramQuery(state)));
  const options = useMemo(() => filterOptions(query.data?.planningFilters), [query.data?.planningFilters]);
  const now = useMemo(() => new Date(), []);
  const hrefOf = (planning: ListedPlanning) => rowHref(planning.projectId, { id: planning._id, templateType: planning.templateType });
  const [selected, setSelected] = useState<ListedPlanning[]>([]);
  const deletion = usePlanningDeletion(() => setSelected([]));
  // The consolidated view lives under a program: the first selected planning's (part 2 §2.8).
  const consolidated = selected.map((planning) => ({ id: planning._id, templateType: planning.templateType }));

  const filter = (key: FilterKey, label: string, choices: SelectProps.Option[]) => (
    <Select
      key={key}
      ariaLabel={label}
      selectedOption={choices.find((option) => option.value === state[key]) ?? choices[0]}
      options={choices}
      onChange={({ detail }) => setState((current) => ({ ...current, [key]: detail.selectedOption.value ?? '', page: 1 }))}
    />
  );

  return (
    <SpaceBetween size="m">
      {query.isError && (
        <Alert type="error" header={exportMessages.paginationError} action={<Button onClick={() => void query.refetch()}>{screen.retry}</Button>}>
          {errorMessage(query.error)}
        </Alert>
      )}
      <Table<ListedPlanning>
        variant="full-page"
        // Cells wrap: at 1280 px with the side menu open every column stays on screen, 'Période' whole.
        wrapLines
        trackBy="_id"
        loading={query.isPending}
        loadingText={screen.loading}
        items={query.isError ? [] : (query.data?.plannings ?? [])}
        header={
          <Header
            variant="awsui-h1-sticky"
            counter={query.data ? `(${query.data.totalCount})` : undefined}
            description={screen.crossProgramDescription}
            actions={
              <SpaceBetween direction="horizontal" size="xs">
                <ConsolidateButton programId={selected[0]?.projectId ?? ''} selected={consolidated} />
                <Button
                  disabled={selected.length === 0}
                  disabledReason={screen.deleteNeedsSelection}
                  onClick={() => deletion.ask(selected.map((planning) => ({ id: planning._id, kind: 'planning', name: planning.name, state: planning.state })))}
                >
                  Supprimer
                </Button>
              </SpaceBetween>
            }
          >
            {screen.title}
          </Header>
        }
        filter={
          <SpaceBetween direction="horizontal" size="xs">
            {filter('programId', screen.columns.program, options.programs)}
            {filter('phase', screen.columns.phase, options.phases)}
            {filter('kind', screen.columns.kind, options.kinds)}
            {filter('state', screen.columns.state, options.states)}
          </SpaceBetween>
        }
        sortingColumn={sortingColumnOf(state.sortField)}
        sortingDescending={state.descending}
        onSortingChange={({ detail }) =>
          setState((current) => ({
            ...current,
            sortField: sortableColumns[detail.sortingColumn.sortingField ?? 'created'] ?? 'createdAt',
            descending: detail.isDescending ?? false,
            page: 1,
          }))
        }
        pagination={
          <Pagination
            currentPageIndex={state.page}
            pagesCount={pagesCountOf(query.data?.totalCount ?? 0)}
            ariaLabels={{ nextPageLabel: listLabels.nextPage, previousPageLabel: listLabels.previousPage, pageLabel: listLabels.page }}
            onChange={({ detail }) => setState((current) => ({ ...current, page: detail.currentPageIndex }))}
          />
        }
        selectionType="multi"
        selectedItems={selected}
        onSelectionChange={({ detail }) => setSelected(detail.selectedItems)}
        ariaLabels={planningSelectionLabels()}
        onRowClick={({ detail }) => void navigate(hrefOf(detail.item))}
        columnDefinitions={[
          {
            id: 'name',
            header: screen.columns.name,
            isRowHeader: true,
            minWidth: 170,
            sortingField: 'name',
            cell: (planning) => (
              <Button variant="inline-link" onClick={() => void navigate(hrefOf(planning))}>
                {planning.name}
              </Button>
            ),
          },
          // Seven columns fit the content area at 1280 px with the side menu open (about 950 px):
          // the kind goes under the phase, and imposed plannings carry the 'Convocation' tag too.
          { id: 'program', header: screen.columns.program, sortingField: 'program', cell: (planning) => planning.projectName },
          {
            id: 'phase',
            header: screen.columns.phase,
            cell: (planning) => (
              <>
                <div>{planningRow(planning, now).phaseLabel}</div>
                <Box variant="small" color="text-body-secondary">
                  {kindLabels[planning.kind]}
                </Box>
              </>
            ),
          },
          {
            id: 'state',
            header: screen.columns.state,
            cell: (planning) => <PlanningStateBadge state={planning.state} imposed={planning.kind === 'imposed'} />,
          },
          { id: 'period', header: screen.columns.period, sortingField: 'period', cell: (planning) => planningRow(planning, now).period },
          { id: 'deadline', header: screen.columns.deadline, sortingField: 'deadline', cell: (planning) => formatDateTime(planning.bookingDeadline) },
          { id: 'created', header: screen.columns.created, sortingField: 'created', cell: (planning) => formatDateTime(planning.createdAt, 'dd/MM/yyyy') },
        ]}
        empty={
          <Box textAlign="center" color="inherit" padding={{ vertical: 'l' }}>
            <Box variant="strong" color="inherit">
              {query.isError ? exportMessages.paginationError : screen.empty}
            </Box>
          </Box>
        }
      />
      {deletion.modal}
    </SpaceBetween>
  );
}
