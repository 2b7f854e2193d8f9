import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Header from '@cloudscape-design/components/header';
import Pagination from '@cloudscape-design/components/pagination';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AuditEntry } from '../../../../shared/domain/audit-log';
import { auditLogPageMessages } from '../../../../shared/messages/admin';
import { controlMessages } from '../../../../shared/messages/controls';
import { fieldLabels } from '../../../../shared/messages/field-labels';
import { screenNames } from '../../../../shared/messages/navigation';
import { roleLabels } from '../../../../shared/domain/roles';
import { adminQueries } from '../../api/admin-queries';
import { formatDateTime } from '../../components/format-date';

const pageSize = 20;

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
      loadingText={auditLogPageMessages.loading}
      empty={
        log.isError ? (
          <Alert type="error">{controlMessages.loadFailed}</Alert>
        ) : (
          <Box textAlign="center" color="inherit">
            {auditLogPageMessages.empty}
          </Box>
        )
      }
      header={
        <Header variant="awsui-h1-sticky" description={auditLogPageMessages.description}>
          {screenNames.auditLog}
        </Header>
      }
      pagination={
        <Pagination
          currentPageIndex={page}
          pagesCount={cursors.length}
          openEnd={openEnd}
          disabled={log.isFetching}
          ariaLabels={{ nextPageLabel: controlMessages.nextPage, previousPageLabel: controlMessages.previousPage, pageLabel: controlMessages.page }}
          onNextPageClick={({ detail }) => {
            if (detail.requestedPageAvailable === false) changePage(page + 1);
          }}
          onChange={({ detail }) => changePage(detail.currentPageIndex)}
        />
      }
      columnDefinitions={[
        { id: 'at', header: fieldLabels.date, cell: (entry) => formatDateTime(entry.at, 'dd/MM/yyyy HH:mm:ss') },
        { id: 'administrator', header: roleLabels.administrator, cell: (entry) => entry.administratorName },
        { id: 'user', header: auditLogPageMessages.simulatedUser, cell: (entry) => entry.userName },
        { id: 'action', header: auditLogPageMessages.action, cell: (entry) => entry.action },
        {
          id: 'status',
          header: auditLogPageMessages.result,
          cell: (entry) =>
            entry.status < 400 ? (
              <StatusIndicator type="success">{auditLogPageMessages.succeeded(entry.status)}</StatusIndicator>
            ) : (
              <StatusIndicator type="error">{auditLogPageMessages.refused(entry.status)}</StatusIndicator>
            ),
        },
      ]}
    />
  );
}
