import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { errorMessage } from '../../api/api-error';
import { clientQueries, startClientFileIntegration, useDownloadClientFileMutation, type ClientFile } from '../../api/client-queries';
import { notify } from '../../app/notifications-store';
import { formatDateTime } from '../../components/format-date';
import { ClientImportProgress, useClientImport } from './client-import-progress';
import { lotListMessages, receivedFileMessages } from '../../../../shared/messages/lot-pages';

export interface ReceivedClientFilesProps {
  programId: string;
}

function sizeLabel(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} Ko` : `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} Mo`;
}

/**
 * The client files promoters and AMOs sent for this program, for an administrator to integrate:
 * « Intégrer » starts an import operation the table follows (docs/architecture.md « Client
 * import »). Its scope is its own, so the direct import above never shows the same progress twice.
 */
export function ReceivedClientFiles({ programId }: ReceivedClientFilesProps) {
  const files = useQuery(clientQueries.files(programId));
  const download = useDownloadClientFileMutation(programId);
  // The file the « Intégrer » click sends (and sends again, with the same key, after a lost answer).
  const fileId = useRef('');
  const send = useCallback((idempotencyKey: string) => startClientFileIntegration(programId, fileId.current, idempotencyKey), [programId]);
  const integrate = useClientImport(programId, `client-import:${programId}:received`, send);
  const integrating = integrate.phase === 'sending' || integrate.phase === 'continuing' || integrate.phase === 'following';

  const runIntegration = (file: ClientFile) => {
    if (integrate.phase === 'done' || integrate.phase === 'failed') integrate.dismiss();
    fileId.current = file._id;
    void integrate.start();
  };

  return (
    <SpaceBetween size="s">
      <Table<ClientFile>
        variant="container"
        trackBy="_id"
        items={files.data ?? []}
        loading={files.isPending && !files.isError}
        loadingText={receivedFileMessages.loading}
        header={
          <Header variant="h2" counter={files.data ? `(${files.data.length})` : undefined} description={receivedFileMessages.description}>
            {receivedFileMessages.title}
          </Header>
        }
        columnDefinitions={[
          { id: 'filename', header: 'Fichier', cell: (file) => `${file.filename} (${sizeLabel(file.size)})`, isRowHeader: true },
          { id: 'sender', header: receivedFileMessages.sentBy, cell: (file) => file.sentByEmail || '—' },
          { id: 'date', header: receivedFileMessages.receivedOn, cell: (file) => formatDateTime(file.createdAt) },
          {
            id: 'status',
            header: 'Statut',
            cell: (file) =>
              file.status === 'integrated' ? (
                <StatusIndicator type="success">{receivedFileMessages.integrated}</StatusIndicator>
              ) : (
                <StatusIndicator type="pending">{receivedFileMessages.received}</StatusIndicator>
              ),
          },
          {
            id: 'actions',
            header: 'Actions',
            cell: (file) => (
              <SpaceBetween direction="horizontal" size="xs">
                <Button
                  iconName="download"
                  onClick={() => download.mutate(file, { onError: (error) => notify({ type: 'error', content: errorMessage(error) }) })}
                  loading={download.isPending && download.variables?._id === file._id}
                >
                  {receivedFileMessages.download}
                </Button>
                <Button onClick={() => runIntegration(file)} loading={integrating && fileId.current === file._id} disabled={integrating}>
                  {receivedFileMessages.integrate}
                </Button>
              </SpaceBetween>
            ),
          },
        ]}
        empty={
          files.isError ? (
            <Alert type="error" action={<Button onClick={() => void files.refetch()}>{lotListMessages.retry}</Button>}>
              {errorMessage(files.error)}
            </Alert>
          ) : (
            <Box textAlign="center" color="inherit">
              {receivedFileMessages.empty}
            </Box>
          )
        }
      />
      <ClientImportProgress clientImport={integrate} />
    </SpaceBetween>
  );
}
