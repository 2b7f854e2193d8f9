import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FileUpload from '@cloudscape-design/components/file-upload';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { useImportClientsMutation, usePreviewClientFileMutation, type CheckedClientFile, type ImportResult } from '../../api/client-queries';
import { fileUploadStrings } from '../../components/file-upload-strings';
import { clientFileAccept, clientFileError, lotsLabel } from './client-file-config';
import { ImportErrors } from './import-errors';
import { ImportResultAlert } from './import-result-alert';

export interface ClientFileImportProps {
  programId: string;
}

/**
 * Direct import by an administrator (part 2 §2.1, §5): the file is uploaded once to the file store,
 * read and checked (POST /users/me/xlsx), the administrator confirms the count, then the server
 * reads the same stored file again and writes the lots (POST /programs/{id}/lockup-clients with its
 * key). A refused file writes nothing.
 */
export function ClientFileImport({ programId }: ClientFileImportProps) {
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string>();
  const [rows, setRows] = useState<CheckedClientFile | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const preview = usePreviewClientFileMutation();
  const importClients = useImportClientsMutation(programId);

  const reset = () => {
    setRows(null);
    setResult(null);
    setFailure(null);
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
    importClients.mutate(rows.source, {
      onSuccess: (answer) => {
        setRows(null);
        setFiles([]);
        setResult(answer);
      },
      onError: (error) => {
        setRows(null);
        setFailure(error);
      },
    });
  };

  return (
    <Container
      header={
        <Header
          variant="h2"
          description="Un fichier Excel avec une feuille « clients » et les 14 colonnes du modèle ; les lots déjà présents (même lot comm) sont mis à jour."
        >
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
              i18nStrings={fileUploadStrings('Choisir un fichier', 'Déposez le fichier client ici')}
            />
            <Button variant="primary" iconName="upload" onClick={load} loading={preview.isPending} disabled={preview.isPending || importClients.isPending}>
              Charger un fichier client
            </Button>
          </SpaceBetween>
        </FormField>
        {rows && (
          <Alert
            type="info"
            header={`${lotsLabel(rows.clients.length)} prêt${rows.clients.length > 1 ? 's' : ''} à être importé${rows.clients.length > 1 ? 's' : ''}`}
            action={
              <SpaceBetween direction="horizontal" size="xs">
                <Button onClick={() => setRows(null)} disabled={importClients.isPending}>
                  Annuler
                </Button>
                <Button variant="primary" onClick={confirm} loading={importClients.isPending}>
                  Importer
                </Button>
              </SpaceBetween>
            }
          >
            <Box variant="span">Le fichier est valide. Confirmez l'import pour créer ou mettre à jour les lots de ce programme.</Box>
          </Alert>
        )}
        {result && <ImportResultAlert result={result} onDismiss={() => setResult(null)} />}
        {failure !== null && <ImportErrors error={failure} onDismiss={() => setFailure(null)} />}
      </SpaceBetween>
    </Container>
  );
}
