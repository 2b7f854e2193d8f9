import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FileUpload from '@cloudscape-design/components/file-upload';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import Alert from '@cloudscape-design/components/alert';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { type StaffDocument } from '../../../../shared/domain/buyer-area';
import { buyerAreaMessages, buyerAreaScreenMessages, programAreaMessages } from '../../../../shared/messages/buyer-area';
import { lotPageMessages } from '../../../../shared/messages/lots';
import { formatFileSize } from '../../../../shared/i18n/file-size';
import { acceptOf, limitLabel, uploadLimits, uploadRefusal } from '../../../../shared/domain/upload-limits';
import { errorMessage } from '../../api/api-error';
import { lotQueries } from '../../api/lot-queries';
import { programAreaQueries, useDeleteDocumentMutation, useShareDocumentMutation } from '../../api/program-area-queries';
import { notify } from '../../app/notifications-store';
import { fileUploadStrings } from '../../components/file-upload-strings';
import { fileRefusals, firstRefusal } from '../../components/file-refusals';
import { formatDateTime } from '../../components/format-date';
import { ConfirmModal } from '../../components/confirm-modal';
import { LoadMoreButton } from '../../components/load-more-button';
import { AreaFileLink } from '../buyer-area/components/area-file-link';

const wholeProgram: SelectProps.Option = { label: programAreaMessages.wholeProgram, value: '' };

/**
 * The Documents tab (part 1 §2 buyer area): staff share a file (PDF, images, office files; 4 Mo) with one
 * housing or the whole program, which raises the buyers' Documents badge; the shared documents are
 * listed with whom they reach, and deleted after a confirmation.
 */
export function ProgramDocumentsTab({ programId }: { programId: string }) {
  // A page at a time (docs/architecture.md « Bounded answers »): « Charger plus » adds the next.
  const documents = useInfiniteQuery(programAreaQueries.documents(programId));
  const shown = documents.data?.pages.flatMap((page) => page.documents);
  // Every lot in the picker's view, 500 a page (docs/architecture.md « Bounded answers »).
  const lotPages = useQuery(lotQueries.picker(programId));
  const lots = lotPages.data ?? [];
  const share = useShareDocumentMutation(programId);
  const remove = useDeleteDocumentMutation(programId);
  const [files, setFiles] = useState<File[]>([]);
  const [target, setTarget] = useState<SelectProps.Option>(wholeProgram);
  const [fileError, setFileError] = useState<string>();
  const [deleting, setDeleting] = useState<StaffDocument | null>(null);
  const lotLabel = new Map(lots.map((lot) => [lot._id, `Lot ${lot.lotcomm} · ${lot.nom}`]));
  const options = [wholeProgram, ...lots.map((lot) => ({ label: lotLabel.get(lot._id)!, value: lot._id }))];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const file = files[0];
    const refusal = file ? uploadRefusal(file, uploadLimits.areaDocument) : programAreaMessages.chooseDocument;
    setFileError(refusal);
    if (!file || refusal) return;
    share.mutate(
      { file, housing: target.value || undefined },
      {
        onSuccess: () => {
          setFiles([]);
          notify({
            type: 'success',
            content: programAreaMessages.shared(file.name, lotLabel.get(target.value ?? '') ?? programAreaMessages.wholeProgramTarget),
          });
        },
      },
    );
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting._id, {
      onSuccess: (answer) => {
        notify({ type: 'success', content: `${answer.message} : « ${deleting.metadata.originalname} ».` });
        setDeleting(null);
      },
      onError: (error) => {
        notify({ type: 'error', content: errorMessage(error) });
        setDeleting(null);
      },
    });
  };

  return (
    <SpaceBetween size="l">
      <form onSubmit={submit} noValidate>
        <Form
          errorText={share.isError ? errorMessage(share.error) : undefined}
          actions={
            <Button variant="primary" formAction="submit" loading={share.isPending}>
              Partager
            </Button>
          }
        >
          <Container header={<Header variant="h2">{programAreaMessages.shareTitle}</Header>}>
            <SpaceBetween size="m">
              <FormField
                label="Document"
                description={programAreaMessages.documentHelp(limitLabel(uploadLimits.areaDocument))}
                errorText={fileError ?? firstRefusal(files, uploadLimits.areaDocument)}
              >
                <FileUpload
                  accept={acceptOf(uploadLimits.areaDocument)}
                  value={files}
                  fileErrors={fileRefusals(files, uploadLimits.areaDocument)}
                  showFileSize
                  onChange={({ detail }) => {
                    setFiles(detail.value.slice(0, 1));
                    setFileError(undefined);
                  }}
                  i18nStrings={fileUploadStrings(programAreaMessages.pickDocument, programAreaMessages.dropDocument)}
                />
              </FormField>
              <FormField label={programAreaMessages.shareWith}>
                <Select
                  selectedOption={target}
                  options={options}
                  filteringType="auto"
                  virtualScroll
                  statusType={lotPages.isPending ? 'loading' : lotPages.isError ? 'error' : 'finished'}
                  loadingText={programAreaMessages.lotsLoading}
                  errorText={lotPageMessages.loadFailed}
                  recoveryText={buyerAreaScreenMessages.retry}
                  onLoadItems={() => void lotPages.refetch()}
                  onChange={({ detail }) => setTarget(detail.selectedOption)}
                />
              </FormField>
            </SpaceBetween>
          </Container>
        </Form>
      </form>
      {documents.isError ? (
        <Alert type="error" action={<Button onClick={() => void documents.refetch()}>{buyerAreaScreenMessages.retry}</Button>}>
          {buyerAreaMessages.documentsLoadFailed}
        </Alert>
      ) : (
        <Table
          header={<Header counter={shown ? `(${shown.length}${documents.hasNextPage ? '+' : ''})` : undefined}>{programAreaMessages.sharedDocuments}</Header>}
          loading={documents.isPending}
          loadingText={buyerAreaScreenMessages.documentsLoading}
          items={shown ?? []}
          footer={
            documents.hasNextPage ? <LoadMoreButton hasMore loading={documents.isFetchingNextPage} onLoad={() => void documents.fetchNextPage()} /> : undefined
          }
          trackBy="_id"
          wrapLines
          columnDefinitions={[
            { id: 'name', header: 'Nom', cell: (document) => <AreaFileLink file={document} /> },
            {
              id: 'target',
              header: programAreaMessages.sharedWith,
              cell: (document) => (document.housing ? (lotLabel.get(document.housing) ?? programAreaMessages.oneHousing) : programAreaMessages.wholeProgram),
            },
            { id: 'date', header: 'Date', cell: (document) => formatDateTime(document.uploadedAt) },
            { id: 'size', header: 'Taille', cell: (document) => formatFileSize(document.size) },
            {
              id: 'actions',
              header: 'Actions',
              cell: (document) => (
                <Button variant="inline-link" ariaLabel={`Supprimer ${document.metadata.originalname}`} onClick={() => setDeleting(document)}>
                  Supprimer
                </Button>
              ),
            },
          ]}
          empty={
            <Box textAlign="center" color="inherit">
              <Box variant="strong" color="inherit">
                {programAreaMessages.noDocument}
              </Box>
              <Box variant="p" color="inherit">
                {programAreaMessages.noDocumentText}
              </Box>
            </Box>
          }
        />
      )}
      {deleting && (
        <ConfirmModal
          header={programAreaMessages.deleteTitle}
          confirmLabel="Supprimer"
          pending={remove.isPending}
          onConfirm={confirmDelete}
          onDismiss={() => setDeleting(null)}
        >
          {programAreaMessages.deleteConfirm(deleting.metadata.originalname)}
        </ConfirmModal>
      )}
    </SpaceBetween>
  );
}
