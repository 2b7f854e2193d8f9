import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../api/api-error';
import { clientQueries, useDownloadClientFileMutation, useIntegrateClientFileMutation, type ClientFile, type ImportResult } from '../../api/client-queries';
import { notify } from '../../app/notifications-store';
import { formatDateTime } from '../../components/format-date';
import { ImportErrors } from './import-errors';
import { ImportResultAlert } from './import-result-alert';

export interface ReceivedClientFilesProps {
  programId: string;
}

function sizeLabel(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} Ko` : `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} Mo`;
}

/** The client files promoters and AMOs sent for this program, for an administrator to integrate. */
export function ReceivedClientFiles({ programId }: ReceivedClientFilesProps) {
  const files = useQuery(clientQueries.files(programId));
  const download = useDownloadClientFileMutation(programId);
  const integrate = useIntegrateClientFileMutation(programId);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [failure, setFailure] = useState<unknown>(null);

  const runIntegration = (file: ClientFile) => {
    setResult(null);
    setFailure(null);
    integrate.mutate(file._id, { onSuccess: setResult, onError: setFailure });
  };

  return (
    <SpaceBetween size="s">
      <Table<ClientFile>
        variant="container"
        trackBy="_id"
        items={files.data ?? []}
        loading={files.isPending && !files.isError}
        loadingText="Chargement des fichiers reçus"
        header={
          <Header
            variant="h2"
            counter={files.data ? `(${files.data.length})` : undefined}
            description="Fichiers envoyés par le promoteur ou les AMO, à intégrer sous 24 heures."
          >
            Fichiers clients reçus
          </Header>
        }
        columnDefinitions={[
          { id: 'filename', header: 'Fichier', cell: (file) => `${file.filename} (${sizeLabel(file.size)})`, isRowHeader: true },
          { id: 'sender', header: 'Envoyé par', cell: (file) => file.sentByEmail || '—' },
          { id: 'date', header: 'Reçu le', cell: (file) => formatDateTime(file.createdAt) },
          {
            id: 'status',
            header: 'Statut',
            cell: (file) =>
              file.status === 'integrated' ? <StatusIndicator type="success">Intégré</StatusIndicator> : <StatusIndicator type="pending">Reçu</StatusIndicator>,
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
                  Télécharger
                </Button>
                <Button onClick={() => runIntegration(file)} loading={integrate.isPending && integrate.variables === file._id} disabled={integrate.isPending}>
                  Intégrer
                </Button>
              </SpaceBetween>
            ),
          },
        ]}
        empty={
          files.isError ? (
            <Alert type="error" action={<Button onClick={() => void files.refetch()}>Réessayer</Button>}>
              {errorMessage(files.error)}
            </Alert>
          ) : (
            <Box textAlign="center" color="inherit">
              Aucun fichier reçu pour ce programme.
            </Box>
          )
        }
      />
      {result && <ImportResultAlert result={result} onDismiss={() => setResult(null)} />}
      {failure !== null && <ImportErrors error={failure} onDismiss={() => setFailure(null)} />}
    </SpaceBetween>
  );
}
