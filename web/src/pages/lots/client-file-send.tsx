import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FileUpload from '@cloudscape-design/components/file-upload';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import TextContent from '@cloudscape-design/components/text-content';
import { useState } from 'react';
import { errorMessage } from '../../api/api-error';
import { useSendClientFileMutation } from '../../api/client-queries';
import { notify } from '../../app/notifications-store';
import { fileUploadStrings } from '../../components/file-upload-strings';
import { clientFileAccept, clientFileError } from './client-file-config';
import { clientFileScreenMessages } from '../../../../shared/messages/lot-pages';

export interface ClientFileSendProps {
  programId: string;
  isClientFileSent: boolean;
}

/**
 * Promoters and AMOs send their client file to the provider, who integrates it within 24 hours
 * (part 2 §2.1, §6): POST /programs/{id}/xlsx-send, then the server's confirmation.
 */
export function ClientFileSend({ programId, isClientFileSent }: ClientFileSendProps) {
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string>();
  const [confirmation, setConfirmation] = useState<string | null>(null);
  const send = useSendClientFileMutation(programId);

  const submit = () => {
    setConfirmation(null);
    const error = clientFileError(files[0]);
    setFileError(error);
    if (error || !files[0]) return;
    send.mutate(files[0], {
      onSuccess: ({ message }) => {
        setFiles([]);
        setConfirmation(message);
        notify({ type: 'success', content: message });
      },
      onError: (failure) => notify({ type: 'error', content: errorMessage(failure) }),
    });
  };

  return (
    <Container header={<Header variant="h2">Fichier client</Header>}>
      <SpaceBetween size="m">
        <TextContent>
          <p>{clientFileScreenMessages.sendHelp}</p>
        </TextContent>
        {isClientFileSent && !confirmation && <Alert type="info">{clientFileScreenMessages.alreadySent}</Alert>}
        {confirmation && (
          <Alert type="success" dismissible onDismiss={() => setConfirmation(null)}>
            {confirmation}
          </Alert>
        )}
        <FormField label="Fichier Excel (.xlsx ou .xls)" errorText={fileError}>
          <SpaceBetween direction="horizontal" size="s" alignItems="start">
            <FileUpload
              value={files}
              onChange={({ detail }) => {
                setFiles(detail.value.slice(-1));
                setFileError(undefined);
              }}
              accept={clientFileAccept}
              showFileSize
              i18nStrings={fileUploadStrings(clientFileScreenMessages.chooseFile, clientFileScreenMessages.dropFile)}
            />
            <Button variant="primary" iconName="upload" onClick={submit} loading={send.isPending} disabled={send.isPending}>
              Envoyer
            </Button>
          </SpaceBetween>
        </FormField>
        <Box variant="small" color="text-body-secondary">
          {clientFileScreenMessages.sheetHelp}
        </Box>
      </SpaceBetween>
    </Container>
  );
}
