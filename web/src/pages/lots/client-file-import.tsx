import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FileUpload from '@cloudscape-design/components/file-upload';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useCallback, useRef, useState } from 'react';
import { startClientImport, usePreviewClientFileMutation, type CheckedClientFile } from '../../api/client-queries';
import { fileUploadStrings } from '../../components/file-upload-strings';
import { clientFileAccept, clientFileError, lotsLabel } from './client-file-config';
import { ImportErrors } from './import-errors';
import { ClientImportProgress, useClientImport } from './client-import-progress';
import { clientFileScreenMessages } from '../../../../shared/messages/lot-pages';

export interface ClientFileImportProps {
  programId: string;
}

/**
 * Direct import by an administrator (part 2 §2.1, §5): the file is uploaded once to the file store,
 * read and checked (POST /users/me/xlsx), the administrator confirms the count, then the server
 * reads the same stored file again and writes the lots (POST /programs/{id}/lockup-clients with its
 * key), as an operation whose progress the screen follows, also after a reload (docs/architecture.md
 * « Client import »). A refused file writes nothing.
 */
export function ClientFileImport({ programId }: ClientFileImportProps) {
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string>();
  const [rows, setRows] = useState<CheckedClientFile | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const preview = usePreviewClientFileMutation();
  // The checked file the « Importer » click sends (and sends again, with the same key, after a lost answer).
  const source = useRef<CheckedClientFile['source'] | null>(null);
  const send = useCallback((idempotencyKey: string) => startClientImport(programId, source.current!, idempotencyKey), [programId]);
  const importClients = useClientImport(programId, `client-import:${programId}`, send);
  const importing = importClients.phase === 'sending' || importClients.phase === 'continuing' || importClients.phase === 'following';

  const reset = () => {
    setRows(null);
    setFailure(null);
    if (importClients.phase === 'done' || importClients.phase === 'failed') importClients.dismiss();
  };

  const load = () => {
    reset();
    const error = clientFileError(files[0]);
    setFileError(error);
    if (error || !files[0]) return;
    preview.mutate(files[0], { onSuccess: setRows, onError: setFailure });
  };

  const confirm = () => {
    if (!rows) return;
    source.current = rows.source;
    void importClients.start().then((started) => {
      setRows(null);
      if (started) setFiles([]);
    });
  };

  return (
    <Container
      header={
        <Header variant="h2" description={clientFileScreenMessages.importHelp}>
          Fichier client
        </Header>
      }
    >
      <SpaceBetween size="m">
        <FormField label="Fichier Excel (.xlsx ou .xls)" errorText={fileError}>
          <SpaceBetween direction="horizontal" size="s" alignItems="start">
            <FileUpload
              value={files}
              onChange={({ detail }) => {
                setFiles(detail.value.slice(-1));
                setFileError(undefined);
                reset();
              }}
              accept={clientFileAccept}
              showFileSize
              i18nStrings={fileUploadStrings(clientFileScreenMessages.chooseFile, clientFileScreenMessages.dropFile)}
            />
            <Button variant="primary" iconName="upload" onClick={load} loading={preview.isPending} disabled={preview.isPending || importing}>
              {clientFileScreenMessages.load}
            </Button>
          </SpaceBetween>
        </FormField>
        {rows && (
          <Alert
            type="info"
            header={clientFileScreenMessages.ready(lotsLabel(rows.clients.length), rows.clients.length)}
            action={
              <SpaceBetween direction="horizontal" size="xs">
                <Button onClick={() => setRows(null)} disabled={importing}>
                  Annuler
                </Button>
                <Button variant="primary" onClick={confirm} loading={importing}>
                  Importer
                </Button>
              </SpaceBetween>
            }
          >
            <Box variant="span">{clientFileScreenMessages.valid}</Box>
          </Alert>
        )}
        <ClientImportProgress clientImport={importClients} />
        {failure !== null && <ImportErrors error={failure} onDismiss={() => setFailure(null)} />}
      </SpaceBetween>
    </Container>
  );
}
