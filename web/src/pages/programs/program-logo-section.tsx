import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FileUpload from '@cloudscape-design/components/file-upload';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { messages } from '../../../../shared/messages/common';
import { isApiError } from '../../api/api-error';
import { useUploadProgramLogoMutation, type Program } from '../../api/program-queries';
import { notify } from '../../app/notifications-store';
import { fileUploadStrings } from '../../components/file-upload-strings';
import { acceptOf, limitLabel, uploadLimits } from '../../../../shared/domain/upload-limits';
import { fileRefusals, firstRefusal } from '../../components/file-refusals';
import { ProgramLogo } from './program-logo';
import { programListMessages, programSettingsMessages } from '../../../../shared/messages/program-pages';

export interface ProgramLogoSectionProps {
  program: Program;
}

/** The program's logo with a preview of the chosen file (POST /programs/{id}/avatar). */
export function ProgramLogoSection({ program }: ProgramLogoSectionProps) {
  const [files, setFiles] = useState<File[]>([]);
  const upload = useUploadProgramLogoMutation(program._id);
  const file = files[0] ?? null;
  const fileError = firstRefusal(files, uploadLimits.logo);

  const send = () => {
    if (!file || fileError) return;
    upload.mutate(
      { file },
      {
        onSuccess: ({ message }) => {
          notify({ type: 'success', content: message });
          setFiles([]);
        },
        onError: (error) => {
          if (isApiError(error, 498)) return;
          notify({ type: 'error', content: messages.imageFailed });
        },
      },
    );
  };

  return (
    <Container
      header={
        <Header variant="h2" description={programSettingsMessages.logoHelp(limitLabel(uploadLimits.logo))}>
          Logo
        </Header>
      }
    >
      <SpaceBetween size="l" direction="horizontal" alignItems="center">
        <ProgramLogo
          programId={program._id}
          name={program.name}
          hasLogo={program.hasAvatar}
          color={program.colors[0]}
          size={112}
          previewFile={fileError ? null : file}
        />
        <SpaceBetween size="s">
          <FormField errorText={fileError}>
            <FileUpload
              value={files}
              onChange={({ detail }) => setFiles(detail.value.slice(-1))}
              accept={acceptOf(uploadLimits.logo)}
              fileErrors={fileRefusals(files, uploadLimits.logo)}
              showFileSize
              i18nStrings={fileUploadStrings(programListMessages.chooseImage, programListMessages.dropImage)}
            />
          </FormField>
          <Button onClick={send} disabled={!file || !!fileError || upload.isPending} loading={upload.isPending}>
            {programSettingsMessages.sendLogo}
          </Button>
        </SpaceBetween>
      </SpaceBetween>
    </Container>
  );
}
