import Alert from '@cloudscape-design/components/alert';
import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage, isApiError } from '../../api/api-error';
import { outboxQueries, useClearOutboxMutation, type OutboxMessage } from '../../api/outbox-queries';
import { notify } from '../../app/notifications-store';
import { formatDateTime } from '../../components/format-date';
import { ClearOutboxModal } from './clear-outbox-modal';
import { OutboxMessageDetail } from './outbox-message-detail';
import { outboxMessages } from '../../../../shared/messages/outbox';
import { screenNames } from '../../../../shared/messages/navigation';
import { accountFieldMessages } from '../../../../shared/messages/account';
import { fieldLabels } from '../../../../shared/messages/field-labels';

/** /dev/outbox (local runtime only): the e-mails and SMS the local server "sent". */
export function OutboxPage() {
  const outbox = useQuery(outboxQueries.list());
  const clear = useClearOutboxMutation();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const items = outbox.data ?? [];
  const selected = items.find((item) => item.id === selectedId) ?? null;

  const confirmClear = () =>
    clear.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        setSelectedId(null);
        notify({ type: 'success', content: outboxMessages.cleared });
      },
      onError: (error) => {
        setConfirming(false);
        notify({ type: 'error', content: errorMessage(error) });
      },
    });

  return (
    <SpaceBetween size="l">
      <Table<OutboxMessage>
        variant="full-page"
        trackBy="id"
        items={items}
        loading={outbox.isPending}
        loadingText={outboxMessages.loading}
        selectionType="single"
        selectedItems={selected ? [selected] : []}
        onSelectionChange={({ detail }) => setSelectedId(detail.selectedItems[0]?.id ?? null)}
        onRowClick={({ detail }) => setSelectedId(detail.item.id)}
        ariaLabels={{ itemSelectionLabel: (_, item) => outboxMessages.message(item.subject ?? item.id), selectionGroupLabel: screenNames.messages }}
        header={
          <Header
            variant="awsui-h1-sticky"
            counter={outbox.data ? `(${items.length})` : undefined}
            description={outboxMessages.description}
            actions={
              <SpaceBetween direction="horizontal" size="xs">
                <Button iconName="refresh" onClick={() => void outbox.refetch()} loading={outbox.isFetching && !outbox.isPending}>
                  {outboxMessages.refresh}
                </Button>
                <Button onClick={() => setConfirming(true)} disabled={items.length === 0 || clear.isPending}>
                  {outboxMessages.clear}
                </Button>
              </SpaceBetween>
            }
          >
            {screenNames.outbox}
          </Header>
        }
        columnDefinitions={[
          { id: 'createdAt', header: fieldLabels.date, cell: (item) => formatDateTime(item.createdAt, 'dd/MM/yyyy HH:mm:ss') },
          {
            id: 'channel',
            header: outboxMessages.channel,
            cell: (item) => <Badge color={item.channel === 'sms' ? 'green' : 'blue'}>{item.channel === 'sms' ? 'SMS' : accountFieldMessages.email}</Badge>,
          },
          { id: 'to', header: outboxMessages.recipients, cell: (item) => item.to.join(', ') },
          {
            id: 'subject',
            header: fieldLabels.subject,
            cell: (item) => item.subject ?? (item.text.length > 80 ? `${item.text.slice(0, 80)}…` : item.text),
            isRowHeader: true,
          },
          { id: 'attachments', header: outboxMessages.attachmentsShort, cell: (item) => item.attachments.length || '' },
        ]}
        empty={
          outbox.isError ? (
            <Alert type={isApiError(outbox.error, 404) ? 'info' : 'error'}>
              {isApiError(outbox.error, 404) ? outboxMessages.localOnly : errorMessage(outbox.error)}
            </Alert>
          ) : (
            <Box textAlign="center" color="inherit" padding={{ vertical: 'l' }}>
              <Box variant="strong" color="inherit">
                {outboxMessages.empty}
              </Box>
            </Box>
          )
        }
      />
      {selected ? (
        <OutboxMessageDetail message={selected} />
      ) : (
        items.length > 0 && (
          <Box textAlign="center" color="text-body-secondary">
            {outboxMessages.selectOne}
          </Box>
        )
      )}
      {confirming && <ClearOutboxModal count={items.length} pending={clear.isPending} onConfirm={confirmClear} onDismiss={() => setConfirming(false)} />}
    </SpaceBetween>
  );
}
