import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FileUpload from '@cloudscape-design/components/file-upload';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState, type FormEvent } from 'react';
import { defaultProgramColors, programCreateSchema, type ProgramCreate } from '../../../../shared/domain/program';
import { fieldErrorsOf } from '../../components/form-errors';
import { fileUploadStrings } from '../../components/file-upload-strings';
import { acceptOf, limitLabel, uploadLimits } from '../../../../shared/domain/upload-limits';
import { fileRefusals, firstRefusal } from '../../components/file-refusals';
import { ProgramColorsField } from './program-colors-field';
import { programListMessages } from '../../../../shared/messages/program-pages';

export interface CreateProgramModalProps {
  pending: boolean;
  onSubmit: (program: ProgramCreate, logo: File | null) => void;
  onDismiss: () => void;
}

type Errors = Partial<Record<'name' | 'promotername' | 'colors' | 'logo', string>>;

/** The create-program modal (part 3 §2, §5): name, promoter name and colour required, one optional image. */
export function CreateProgramModal({ pending, onSubmit, onDismiss }: CreateProgramModalProps) {
  const [name, setName] = useState('');
  const [promotername, setPromotername] = useState('');
  const [colors, setColors] = useState<string[]>([...defaultProgramColors]);
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const logo = files[0] ?? null;
  const logoError = firstRefusal(files, uploadLimits.logo);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const parsed = programCreateSchema.safeParse({ name, promotername, colors });
    if (!parsed.success || logoError) {
      setErrors({ ...(parsed.success ? {} : fieldErrorsOf(parsed.error)), logo: logoError });
      return;
    }
    setErrors({});
    onSubmit(parsed.data, logo);
  };

  return (
    <Modal
      visible
      size="medium"
      onDismiss={onDismiss}
      header="Nouveau programme"
      closeAriaLabel="Fermer"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onDismiss} disabled={pending}>
              Annuler
            </Button>
            <Button variant="primary" onClick={() => submit()} loading={pending} disabled={pending}>
              {programListMessages.createSubmit}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <form onSubmit={submit} noValidate>
        <SpaceBetween size="l">
          <FormField label={programListMessages.programName} errorText={errors.name}>
            <Input value={name} onChange={({ detail }) => setName(detail.value)} invalid={!!errors.name} autoFocus ariaRequired />
          </FormField>
          <FormField label={programListMessages.promoterName} errorText={errors.promotername}>
            <Input value={promotername} onChange={({ detail }) => setPromotername(detail.value)} invalid={!!errors.promotername} ariaRequired />
          </FormField>
          <ProgramColorsField value={colors} onChange={setColors} errorText={errors.colors} />
          <FormField
            label="Logo (facultatif)"
            errorText={errors.logo ?? logoError}
            constraintText={programListMessages.logoHelp(limitLabel(uploadLimits.logo))}
          >
            <FileUpload
              value={files}
              onChange={({ detail }) => setFiles(detail.value.slice(-1))}
              accept={acceptOf(uploadLimits.logo)}
              fileErrors={fileRefusals(files, uploadLimits.logo)}
              showFileSize
              showFileThumbnail
              i18nStrings={fileUploadStrings(programListMessages.chooseImage, programListMessages.dropImage)}
            />
          </FormField>
        </SpaceBetween>
      </form>
    </Modal>
  );
}
