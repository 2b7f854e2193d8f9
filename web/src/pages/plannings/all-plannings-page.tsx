import Box from '@cloudscape-design/components/box';
import Header from '@cloudscape-design/components/header';
import Pagination from '@cloudscape-design/components/pagination';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import Table from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../api/api-error';
import { planningQueries } from '../../api/planning-queries';
import { programQueries } from '../../api/program-queries';
import { RouterLink } from '../../components/router-link';
import { PLANNING_PAGE_SIZE, planningRow, rowHref, rowMatches, type PlanningRow } from './planning-list-config';
import { PlanningStateBadge } from '../../components/plannings/planning-state-badge';
import { useSession } from '../../app/session-store';

type CrossRow = PlanningRow & { programId: string; programName: string };

/**
 * /promoter/plannings (part 2 §1: "a cross-program plannings list exists, paginated 10 per page"):
 * the plannings of every program the user works on, newest first, each leading to its detail page.
 * Issue 12 point 9: the menu entry led to the 404 page. Read from each program's own list (the same
 * queries as the program's page, so both stay in step).
 */
export function AllPlanningsPage() {
  const { role } = useSession();
  const programs = useQuery(programQueries.list(role === 'administrator' ? 'admin' : 'mine', { isActifSelected: true, isArchivedSelected: false }));
  const lists = useQueries({ queries: (programs.data ?? []).map((program) => planningQueries.list(program._id)) });
  const [filter, setFilter] = useState('');
  const [currentPage, setPage] = useState(1);
  const [now] = useState(() => new Date());

  const rows: CrossRow[] = (programs.data ?? [])
    .flatMap((program, index) => (lists[index]?.data ?? []).map((planning) => ({ ...planningRow(planning, now), programId: program._id, programName: program.name })))
    .sort((a, b) => (a.sortKey < b.sortKey ? 1 : -1));
  const filtered = rows.filter((row) => rowMatches(row, filter) || row.programName.toLowerCase().includes(filter.trim().toLowerCase()));
  const pagesCount = Math.max(1, Math.ceil(filtered.length / PLANNING_PAGE_SIZE));
  const shown = filtered.slice((currentPage - 1) * PLANNING_PAGE_SIZE, currentPage * PLANNING_PAGE_SIZE);
  const loading = programs.isPending || lists.some((list) => list.isPending);
  const failed = programs.error ?? lists.find((list) => list.error)?.error;

  return (
    <Table<CrossRow>
      variant="full-page"
      header={
        <Header variant="h1" counter={`(${rows.length})`} description="Les plannings de tous vos programmes actifs.">
          Plannings
        </Header>
      }
      items={shown}
      trackBy="id"
      loading={loading}
      loadingText="Chargement des plannings"
      filter={
        <TextFilter
          filteringText={filter}
          filteringPlaceholder="Rechercher un planning ou un programme"
          filteringAriaLabel="Rechercher un planning ou un programme"
          countText={`${filtered.length} résultat${filtered.length > 1 ? 's' : ''}`}
          onChange={({ detail }) => {
            setFilter(detail.filteringText);
            setPage(1);
          }}
        />
      }
      pagination={<Pagination currentPageIndex={currentPage} pagesCount={pagesCount} onChange={({ detail }) => setPage(detail.currentPageIndex)} />}
      columnDefinitions={[
        { id: 'name', header: 'Nom', isRowHeader: true, cell: (row) => <RouterLink href={rowHref(row.programId, row)}>{row.name}</RouterLink> },
        { id: 'program', header: 'Programme', cell: (row) => <RouterLink href={`/projets/${row.programId}/plannings`}>{row.programName}</RouterLink> },
        { id: 'phase', header: 'Phase', cell: (row) => row.phaseLabel },
        { id: 'state', header: 'État', cell: (row) => <PlanningStateBadge state={row.state} imposed={row.imposed} /> },
        {
          id: 'progress',
          header: 'Progression',
          minWidth: 160,
          cell: (row) => (row.progress ? <ProgressBar value={row.progress.percent} ariaLabel={`Progression de ${row.name}`} additionalInfo={`${row.progress.invited} invités · ${row.progress.booked} ${row.imposed ? 'confirmés' : 'réservés'}`} /> : '—'),
        },
        { id: 'period', header: 'Période', cell: (row) => row.period },
      ]}
      empty={
        <Box textAlign="center" color="inherit" padding="s">
          {failed ? errorMessage(failed) : filter ? 'Aucun planning ne correspond à la recherche.' : 'Aucun planning pour le moment.'}
        </Box>
      }
    />
  );
}
