import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Table from '@cloudscape-design/components/table';
import { useQuery } from '@tanstack/react-query';
import { buyerAreaMessages } from '../../../../shared/messages/buyer-area';
import { buyerAreaQueries } from '../../api/buyer-area-queries';
import { formatDateTime } from '../../components/format-date';
import { AreaFileLink } from './components/area-file-link';
import { useHousing } from './housing-layout';
import { useClearBadges } from './use-clear-badges';

function size(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} Ko` : `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} Mo`;
}

/** /logement/{id}/documents: the files staff share with this housing or the whole program, downloaded by signed link. */
export function HousingDocumentsPage() {
  const housing = useHousing();
  useClearBadges(housing, 'documents');
  const documents = useQuery(buyerAreaQueries.documents(housing._id));
  if (documents.isError) {
    return (
      <Alert type="error" action={<Button onClick={() => void documents.refetch()}>Réessayer</Button>}>
        {buyerAreaMessages.documentsLoadFailed}
      </Alert>
    );
  }
  return (
    <Table
      variant="embedded"
      header={
        <Header variant="h2" counter={documents.data ? `(${documents.data.length})` : undefined}>
          Mes documents
        </Header>
      }
      loading={documents.isPending}
      loadingText="Chargement des documents"
      items={documents.data ?? []}
      trackBy="_id"
      columnDefinitions={[
        { id: 'name', header: 'Document', cell: (file) => <AreaFileLink file={file} />, isRowHeader: true },
        { id: 'date', header: 'Ajouté le', cell: (file) => formatDateTime(file.uploadedAt, 'dd/MM/yyyy') },
        { id: 'size', header: 'Taille', cell: (file) => size(file.size) },
      ]}
      empty={<Box color="text-body-secondary">Aucun document pour le moment.</Box>}
    />
  );
}
