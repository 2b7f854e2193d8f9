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
import { exportMessages } from '../../../../shared/exports/export-messages';
import type { ListedPlanning } from '../../../../shared/exports/plannings-query';
import { errorMessage } from '../../api/api-error';
import { exportQueries } from '../../api/export-queries';
import { formatDateTime } from '../../components/format-date';
import { PlanningStateBadge } from '../../components/plannings/planning-state-badge';
import { planningRow, rowHref } from '../plannings/planning-list-config';
import { crossProgramQuery, filterOptions, initialCrossProgramState, kindLabels, pagesCountOf, sortableColumns, sortingColumnOf, type CrossProgramState } from './cross-program-config';

type FilterKey = 'programId' | 'phase' | 'kind' | 'state';

/**
 * /promoter/plannings and /amo/plannings (part 2 §2.3 cross-program list): the plannings of every
 * program the user may see, 10 a page, paged, filtered (program, phase, kind, state) and sorted by
 * the server (GET /plannings/q). A failed page shows 'Une erreur est survenue lors de la pagination.'
 */
export function CrossProgramPlanningsPage() {
  const navigate = useNavigate();
  const [state, setState] = useState<CrossProgramState>(initialCrossProgramState);
  const query = useQuery(exportQueries.crossProgram(crossProgramQuery(state)));
  const options = useMemo(() => filterOptions(query.data?.planningFilters), [query.data?.planningFilters]);
  const now = useMemo(() => new Date(), []);
  const hrefOf = (planning: ListedPlanning) => rowHref(planning.projectId, { id: planning._id, templateType: planning.templateType });

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
        <Alert type="error" header={exportMessages.paginationError} action={<Button onClick={() => void query.refetch()}>Réessayer</Button>}>
          {errorMessage(query.error)}
        </Alert>
      )}
      <Table<ListedPlanning>
        variant="full-page"
        trackBy="_id"
        loading={query.isPending}
        loadingText="Chargement des plannings"
        items={query.isError ? [] : (query.data?.plannings ?? [])}
        header={
          <Header variant="awsui-h1-sticky" counter={query.data ? `(${query.data.totalCount})` : undefined} description="Les plannings de tous vos programmes">
            Plannings
          </Header>
        }
        filter={
          <SpaceBetween direction="horizontal" size="xs">
            {filter('programId', 'Programme', options.programs)}
            {filter('phase', 'Phase', options.phases)}
            {filter('kind', 'Type', options.kinds)}
            {filter('state', 'État', options.states)}
          </SpaceBetween>
        }
        sortingColumn={sortingColumnOf(state.sortField)}
        sortingDescending={state.descending}
        onSortingChange={({ detail }) =>
          setState((current) => ({ ...current, sortField: sortableColumns[detail.sortingColumn.sortingField ?? 'created'] ?? 'createdAt', descending: detail.isDescending ?? false, page: 1 }))
        }
        pagination={
          <Pagination
            currentPageIndex={state.page}
            pagesCount={pagesCountOf(query.data?.totalCount ?? 0)}
            ariaLabels={{ nextPageLabel: 'Page suivante', previousPageLabel: 'Page précédente', pageLabel: (page) => `Page ${page}` }}
            onChange={({ detail }) => setState((current) => ({ ...current, page: detail.currentPageIndex }))}
          />
        }
        onRowClick={({ detail }) => navigate(hrefOf(detail.item))}
        columnDefinitions={[
          {
            id: 'name',
            header: 'Nom',
            isRowHeader: true,
            minWidth: 200,
            sortingField: 'name',
            cell: (planning) => (
              <Button variant="inline-link" onClick={() => navigate(hrefOf(planning))}>
                {planning.name}
              </Button>
            ),
          },
          { id: 'program', header: 'Programme', sortingField: 'program', cell: (planning) => planning.projectName },
          { id: 'phase', header: 'Phase', cell: (planning) => planningRow(planning, now).phaseLabel },
          { id: 'kind', header: 'Type', cell: (planning) => kindLabels[planning.kind] },
          { id: 'state', header: 'État', minWidth: 190, cell: (planning) => <PlanningStateBadge state={planning.state} imposed={planning.kind === 'imposed'} /> },
          { id: 'period', header: 'Période', sortingField: 'period', cell: (planning) => planningRow(planning, now).period },
          { id: 'deadline', header: 'Fin des réservations', sortingField: 'deadline', cell: (planning) => formatDateTime(planning.bookingDeadline) },
          { id: 'created', header: 'Créé le', sortingField: 'created', cell: (planning) => formatDateTime(planning.createdAt, 'dd/MM/yyyy') },
        ]}
        empty={
          <Box textAlign="center" color="inherit" padding={{ vertical: 'l' }}>
            <Box variant="strong" color="inherit">
              {query.isError ? exportMessages.paginationError : 'Aucun planning'}
            </Box>
          </Box>
        }
      />
    </SpaceBetween>
  );
}
