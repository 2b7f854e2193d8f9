import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Table from '@cloudscape-design/components/table';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { buyerAreaMessages, buyerAreaScreenMessages } from '../../../../shared/messages/buyer-area';
import { buyerAreaQueries } from '../../api/buyer-area-queries';
import { formatDateTime } from '../../components/format-date';
import { LoadMoreButton } from '../../components/load-more-button';
import { AreaFileLink } from './components/area-file-link';
import { useHousing } from './housing-layout';
import { useClearBadges } from './use-clear-badges';

function size(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} Ko` : `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} Mo`;
}

/**
 * /logement/{id}/documents: the files staff share with this housing or the whole program, downloaded
 * by signed link, newest first, a page at a time (docs/architecture.md « Bounded answers »).
 */
export function HousingDocumentsPage() {
  const housing = useHousing();
  useClearBadges(housing, 'documents');
  const documents = useInfiniteQuery(buyerAreaQueries.documents(housing._id));
  const pages = documents.data?.pages ?? [];
  const items = pages.flatMap((page) => page.documents);
  const lastEmpty = pages.length > 0 && pages[pages.length - 1].documents.length === 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = documents;
  // A page reads a bounded part of the program's documents: one with none of this housing's reads on by itself.
  useEffect(() => {
    if (lastEmpty && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [lastEmpty, hasNextPage, isFetchingNextPage, fetchNextPage]);
  if (documents.isError) {
    return (
      <Alert type="error" action={<Button onClick={() => void documents.refetch()}>{buyerAreaScreenMessages.retry}</Button>}>
        {buyerAreaMessages.documentsLoadFailed}
      </Alert>
    );
  }
  const searching = documents.isPending || (lastEmpty && hasNextPage && items.length === 0);
  return (
    <SpaceBetween size="s">
      <Table
        variant="embedded"
        header={
          <Header variant="h2" counter={documents.data && !searching ? `(${items.length}${hasNextPage ? '+' : ''})` : undefined}>
            Mes documents
          </Header>
        }
        loading={searching}
        loadingText={buyerAreaScreenMessages.documentsLoading}
        items={items}
        trackBy="_id"
        columnDefinitions={[
          { id: 'name', header: 'Document', cell: (file) => <AreaFileLink file={file} />, isRowHeader: true },
          { id: 'date', header: buyerAreaScreenMessages.documentAdded, cell: (file) => formatDateTime(file.uploadedAt, 'dd/MM/yyyy') },
          { id: 'size', header: 'Taille', cell: (file) => size(file.size) },
        ]}
        empty={<Box color="text-body-secondary">{buyerAreaScreenMessages.noDocument}</Box>}
      />
      <LoadMoreButton hasMore={!searching && hasNextPage} loading={isFetchingNextPage} onLoad={() => void fetchNextPage()} />
    </SpaceBetween>
  );
}
