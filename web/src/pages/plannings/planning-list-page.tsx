import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Modal from '@cloudscape-design/components/modal';
import Pagination from '@cloudscape-design/components/pagination';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { hasProgramAddress } from '../../../../shared/domain/program';
import { errorMessage } from '../../api/api-error';
import { planningQueries } from '../../api/planning-queries';
import { NoMatch } from '../../components/no-match';
import { DeliveryLogModal } from '../../components/plannings/delivery-log-modal';
import { PlanningStateBadge } from '../../components/plannings/planning-state-badge';
import { useProgram } from '../programs/use-program';
import { usePlanningDeletion } from './use-planning-deletion';
import { ConsolidateButton } from '../exports/consolidate-button';
import { PLANNING_PAGE_SIZE, planningSelectionLabels, planningRows, rowHref, rowMatches, type PlanningRow } from './planning-list-config';
import { planningListMessages } from '../../../../shared/messages/plannings';
import { planningListScreenMessages as screen } from '../../../../shared/messages/planning-list';
import { NewPlanningDropdown } from './new-planning-dropdown';

/**
 * /projets/{programId}/plannings (part 2 §2.3): the program's plannings and drafts with their
 * state tag and progress; 'Plannings' → Libre / Imposé; selection and deletion (an administrator
 * may force a refused one); the delivery log of a selected planning; a missing program address
 * offers a jump to the settings.
 */
export function PlanningListPage() {
  const navigate = useNavigate();
  const { programId, program } = useProgram();
  const plannings = useQuery(planningQueries.list(programId));
  const drafts = useQuery(planningQueries.drafts(programId));
  const [selected, setSelected] = useState<PlanningRow[]>([]);
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(1);
  const deletion = usePlanningDeletion(() => setSelected([]));
  const [addressDismissed, setAddressDismissed] = useState(false);
  const [logOf, setLogOf] = useState<PlanningRow | null>(null);
  const base = `/projets/${encodeURIComponent(programId)}`;

  const rows = useMemo(() => planningRows(plannings.data ?? [], drafts.data ?? [], new Date()), [plannings.data, drafts.data]);
  const filtered = useMemo(() => rows.filter((row) => rowMatches(row, filter)), [rows, filter]);
  const pagesCount = Math.max(1, Math.ceil(filtered.length / PLANNING_PAGE_SIZE));
  const currentPage = Math.min(page, pagesCount);
  const shown = filtered.slice((currentPage - 1) * PLANNING_PAGE_SIZE, currentPage * PLANNING_PAGE_SIZE);
  const loading = (plannings.isPending && !plannings.isError) || (drafts.isPending && !drafts.isError);
  const loadError = plannings.error ?? drafts.error;
  const addressMissing = !!program.data && !hasProgramAddress(program.data) && !addressDismissed && !!plannings.data;

  return (
    <>
      <Table<PlanningRow>
        variant="full-page"
        // cells wrap so that the last column stays whole at 1280 px with the menu open.
        wrapLines
        trackBy="id"
        loading={loading}
        loadingText={screen.loading}
        items={shown}
        selectionType="multi"
        selectedItems={selected}
        onSelectionChange={({ detail }) => setSelected(detail.selectedItems)}
        ariaLabels={planningSelectionLabels()}
        onRowClick={({ detail }) => void navigate(rowHref(programId, detail.item))}
        header={
          <Header
            variant="awsui-h1-sticky"
            counter={plannings.data ? `(${rows.length})` : undefined}
            description={program.data ? `${program.data.name} · ${program.data.promotername}` : undefined}
            actions={
              <SpaceBetween direction="horizontal" size="xs">
                <Button
                  iconName="refresh"
                  ariaLabel="Actualiser"
                  loading={(plannings.isFetching && !plannings.isPending) || (drafts.isFetching && !drafts.isPending)}
                  onClick={() => {
                    void plannings.refetch();
                    void drafts.refetch();
                  }}
                />
                <Button
                  disabled={selected.length !== 1 || selected[0].kind !== 'planning'}
                  disabledReason={screen.deliveryLogNeedsOne}
                  onClick={() => setLogOf(selected[0])}
                >
                  {screen.deliveryLog}
                </Button>
                <ConsolidateButton programId={programId} selected={selected} />
                <Button disabled={selected.length === 0} onClick={() => deletion.ask(selected)}>
                  Supprimer
                </Button>
                <NewPlanningDropdown base={base} />
              </SpaceBetween>
            }
          >
            {screen.title}
          </Header>
        }
        filter={
          <TextFilter
            filteringText={filter}
            filteringPlaceholder={screen.searchPlaceholder}
            filteringAriaLabel={screen.searchPlaceholder}
            countText={screen.resultCount(filtered.length)}
            onChange={({ detail }) => {
              setFilter(detail.filteringText);
              setPage(1);
            }}
          />
        }
        pagination={<Pagination currentPageIndex={currentPage} pagesCount={pagesCount} onChange={({ detail }) => setPage(detail.currentPageIndex)} />}
        columnDefinitions={[
          {
            id: 'name',
            header: screen.columns.name,
            isRowHeader: true,
            minWidth: 180,
            cell: (row) => (
              <Button variant="inline-link" onClick={() => void navigate(rowHref(programId, row))}>
                {row.name}
              </Button>
            ),
          },
          { id: 'phase', header: screen.columns.phase, cell: (row) => row.phaseLabel },
          { id: 'state', header: screen.columns.state, minWidth: 190, cell: (row) => <PlanningStateBadge state={row.state} imposed={row.imposed} /> },
          {
            id: 'progress',
            header: screen.columns.progress,
            minWidth: 180,
            cell: (row) =>
              row.progress ? (
                <ProgressBar
                  value={row.progress.percent}
                  ariaLabel={screen.progressOf(row.name)}
                  additionalInfo={screen.progress(row.progress.invited, row.progress.booked, row.progress.unavailable, row.imposed)}
                />
              ) : (
                <Box color="text-status-inactive">—</Box>
              ),
          },
          { id: 'period', header: screen.columns.period, cell: (row) => row.period },
          { id: 'deadline', header: screen.columns.deadline, cell: (row) => row.deadline },
        ]}
        empty={
          loadError ? (
            <Box padding={{ vertical: 's' }}>
              <Alert
                type="error"
                header={planningListMessages.loadFailed}
                action={
                  <Button
                    onClick={() => {
                      void plannings.refetch();
                      void drafts.refetch();
                    }}
                  >
                    {screen.retry}
                  </Button>
                }
              >
                {errorMessage(loadError)}
              </Alert>
            </Box>
          ) : filter ? (
            <NoMatch text={screen.noMatch} onClear={() => setFilter('')} />
          ) : (
            <Box textAlign="center" color="inherit" padding={{ vertical: 'l' }}>
              <SpaceBetween size="s">
                <Box variant="strong" color="inherit">
                  {screen.empty}
                </Box>
                <Box variant="p" color="inherit">
                  {screen.emptyHelp}
                </Box>
                <Button onClick={() => void navigate(`${base}/plannings/nouveau`)}>{screen.newFree}</Button>
              </SpaceBetween>
            </Box>
          )
        }
      />
      {deletion.modal}
      {logOf && <DeliveryLogModal planningId={logOf.id} planningName={logOf.name} onDismiss={() => setLogOf(null)} />}
      {addressMissing && (
        <Modal
          visible
          onDismiss={() => setAddressDismissed(true)}
          closeAriaLabel="Fermer"
          header={planningListMessages.addressMissing}
          footer={
            <Box float="right">
              <SpaceBetween direction="horizontal" size="xs">
                <Button variant="link" onClick={() => setAddressDismissed(true)}>
                  {screen.later}
                </Button>
                <Button variant="primary" onClick={() => void navigate(`${base}/parametres`)}>
                  {screen.fillAddress}
                </Button>
              </SpaceBetween>
            </Box>
          }
        >
          {screen.addressMissingText}
        </Modal>
      )}
    </>
  );
}
