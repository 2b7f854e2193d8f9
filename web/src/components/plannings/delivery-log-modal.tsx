import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { LoadMoreButton } from '../load-more-button';
import { deliveryLogScreenMessages as texts, planningListScreenMessages } from '../../../../shared/messages/planning-list';
import { deliveryLogMessages } from '../../../../shared/messages/planning-reads';
import { errorMessage } from '../../api/api-error';
import { planningQueries } from '../../api/planning-queries';
import { deliveryLogRows, deliverySummary, type DeliveryFilter, type DeliveryLogRow } from './delivery-log-config';

export interface DeliveryLogModalProps {
  planningId: string;
  planningName: string;
  onDismiss: () => void;
}

/**
 * 'Journal des envois' of a planning: every invitation, confirmation, reminder... sent to its
 * buyers by e-mail and SMS, with its outcome (queued, sent, failed and why). The log comes a page
 * at a time, newest first, filtered on the server (docs/architecture.md « Bounded answers »): a
 * planning of thousands of buyers has tens of thousands of lines; « Charger plus » adds the next.
 * Its counts are the whole log's, kept by the server with the lines, not those of the pages loaded.
 */
export function DeliveryLogModal({ planningId, planningName, onDismiss }: DeliveryLogModalProps) {
  const [filter, setFilter] = useState<DeliveryFilter>('all');
  const log = useInfiniteQuery(planningQueries.deliveries(planningId, filter));
  const entries = log.data?.pages.flatMap((page) => page.deliveries) ?? [];
  const rows = deliveryLogRows(entries, filter);
  // A filtered page reads a bounded stretch of the log and may find nothing in it: the next one is read by itself.
  const lastPageEmpty = log.data?.pages[log.data.pages.length - 1]?.deliveries.length === 0;
  useEffect(() => {
    if (lastPageEmpty && log.hasNextPage && !log.isFetchingNextPage) void log.fetchNextPage();
  }, [lastPageEmpty, log]);
  return (
    <Modal
      visible
      size="max"
      onDismiss={onDismiss}
      closeAriaLabel="Fermer"
      header={texts.title(planningName)}
      footer={
        <Box float="right">
          <Button variant="primary" onClick={onDismiss}>
            Fermer
          </Button>
        </Box>
      }
    >
      <SpaceBetween size="m">
        {log.isError ? (
          <Alert type="error" header={texts.loadFailed} action={<Button onClick={() => void log.refetch()}>{planningListScreenMessages.retry}</Button>}>
            {errorMessage(log.error)}
          </Alert>
        ) : null}
        <SpaceBetween direction="horizontal" size="m" alignItems="center">
          <SegmentedControl
            label={texts.filter}
            selectedId={filter}
            onChange={({ detail }) => setFilter(detail.selectedId as DeliveryFilter)}
            options={[
              { id: 'all', text: 'Tous' },
              { id: 'failed', text: texts.failures },
              { id: 'queued', text: deliveryLogMessages.queued },
            ]}
          />
          {log.data && <Box color="text-body-secondary">{deliverySummary(log.data.pages[log.data.pages.length - 1].counts)}</Box>}
          <Button iconName="refresh" ariaLabel={texts.refresh} loading={log.isFetching && !log.isPending} onClick={() => void log.refetch()} />
        </SpaceBetween>
        <Table<DeliveryLogRow>
          variant="embedded"
          trackBy="id"
          loading={log.isPending && !log.isError}
          loadingText={texts.loading}
          items={rows}
          wrapLines
          columnDefinitions={[
            { id: 'at', header: texts.date, cell: (row) => row.at },
            { id: 'buyer', header: texts.buyer, cell: (row) => row.buyer },
            { id: 'message', header: texts.message, cell: (row) => row.message },
            { id: 'channel', header: texts.channel, cell: (row) => row.channel },
            { id: 'to', header: texts.recipient, cell: (row) => row.to },
            {
              id: 'status',
              header: planningListScreenMessages.columns.state,
              cell: (row) => <StatusIndicator type={row.status.type}>{row.status.label}</StatusIndicator>,
            },
          ]}
          empty={
            <Box textAlign="center" color="inherit" padding={{ vertical: 'm' }}>
              {log.hasNextPage ? texts.noneInPagesRead : filter === 'all' ? texts.none : texts.noneInState}
            </Box>
          }
        />
        <LoadMoreButton hasMore={log.hasNextPage} loading={log.isFetchingNextPage} onLoad={() => void log.fetchNextPage()} />
      </SpaceBetween>
    </Modal>
  );
}
