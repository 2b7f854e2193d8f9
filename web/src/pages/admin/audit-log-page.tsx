import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Header from '@cloudscape-design/components/header';
import Pagination from '@cloudscape-design/components/pagination';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AuditEntry } from '../../../../shared/domain/audit-log';
import { adminQueries } from '../../api/admin-queries';
import { formatDateTime } from '../../components/format-date';

const pageSize = 20;
export const auditLogTexts = {
  title: "Journal d'audit",
  description: 'Les actions faites par un administrateur pendant une simulation, avec les deux identités.',
  loading: 'Chargement du journal',
  empty: 'Aucune action enregistrée pendant une simulation',
  loadFailed: 'Erreur lors du chargement des données',
} as const;

/**
 * The audit log (/admin/journal, part 3 §4): who acted (the administrator and the user simulated),
 * what (the call) and when, newest first. The API pages with a cursor, so the pages already seen
 * keep theirs and the next page exists while the API gives one.
 */
export function AuditLogPage() {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [page, setPage] = useState(1);
  const log = useQuery(adminQueries.auditLog(pageSize, cursors[page - 1]));
  const next = log.data?.nextCursor;
  const openEnd = page === cursors.length && !!next;

  const changePage = (target: number) => {
    if (target > cursors.length && next) setCursors([...cursors, next]);
    setPage(target);
  };

  return (
    <Table<AuditEntry>
      variant="full-page"
      trackBy="id"
      items={log.isError ? [] : (log.data?.entries ?? [])}
      loading={log.isPending}
      loadingText={auditLogTexts.loading}
      empty={
        log.isError ? (
          <Alert type="error">{auditLogTexts.loadFailed}</Alert>
        ) : (
          <Box textAlign="center" color="inherit">
            {auditLogTexts.empty}
          </Box>
        )
      }
      header={
        <Header variant="awsui-h1-sticky" description={auditLogTexts.description}>
          {auditLogTexts.title}
        </Header>
      }
      pagination={
        <Pagination
          currentPageIndex={page}
          pagesCount={cursors.length}
          openEnd={openEnd}
          disabled={log.isFetching}
          ariaLabels={{ nextPageLabel: 'Page suivante', previousPageLabel: 'Page précédente', pageLabel: (index) => `Page ${index}` }}
          onNextPageClick={({ detail }) => {
            if (detail.requestedPageAvailable === false) changePage(page + 1);
          }}
          onChange={({ detail }) => changePage(detail.currentPageIndex)}
        />
      }
      columnDefinitions={[
        { id: 'at', header: 'Date', cell: (entry) => formatDateTime(entry.at, 'dd/MM/yyyy HH:mm:ss') },
        { id: 'administrator', header: 'Administrateur', cell: (entry) => entry.administratorName },
        { id: 'user', header: 'Utilisateur simulé', cell: (entry) => entry.userName },
        { id: 'action', header: 'Action', cell: (entry) => entry.action },
        {
          id: 'status',
          header: 'Résultat',
          cell: (entry) =>
            entry.status < 400 ? (
              <StatusIndicator type="success">Réussi ({entry.status})</StatusIndicator>
            ) : (
              <StatusIndicator type="error">Refusé ({entry.status})</StatusIndicator>
            ),
        },
      ]}
    />
  );
}
