import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import CollectionPreferences from '@cloudscape-design/components/collection-preferences';
import Pagination from '@cloudscape-design/components/pagination';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { Lot } from '../../../../shared/domain/lot';
import { displayPhone } from '../../../../shared/rules/phone';
import { errorMessage } from '../../api/api-error';
import { lotQueries } from '../../api/lot-queries';
import { RouterLink } from '../../components/router-link';
import { NoMatch } from '../../components/no-match';
import { lotPageMessages } from '../../../../shared/messages/lots';
import { DOUBLE_CLICK_MS, lotPageSizes, lotTableCounter } from './lot-table-config';
import { TypologyBadge } from './typology-badge';
import { lotListMessages } from '../../../../shared/messages/lot-pages';

export interface LotTableProps {
  programId: string;
  onOpen: (lot: Lot) => void;
}

/**
 * The lots of a program (part 2 §2.1), a page at a time from the server in lot-number order
 * (docs/architecture.md « Bounded answers »): the search runs on the server, a page is reached from
 * the previous one's cursor; a double-click opens the client.
 */
export function LotTable({ programId, onOpen }: LotTableProps) {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [pageSize, setPageSize] = useState(lotPageSizes[0]);
  // cursors[n] starts page n + 1; the first page starts nowhere.
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const [pageIndex, setPageIndex] = useState(0);
  const lastClick = useRef<{ id: string; at: number } | null>(null);
  const page = useQuery(lotQueries.page(programId, { cursor: cursors[pageIndex] ?? null, limit: pageSize, q: search }));
  const lots = page.data?.clients ?? [];
  const nextCursor = page.data?.nextCursor ?? null;

  // A search reads at most 2,000 lots a page: a page without a match goes on by itself to the next.
  const emptySearchPage = !!search && !!page.data && !page.isPlaceholderData && page.data.clients.length === 0 && nextCursor !== null;
  useEffect(() => {
    if (!emptySearchPage || !nextCursor) return;
    setCursors((known) => (known.length === pageIndex + 1 ? [...known.slice(0, pageIndex), nextCursor] : known));
  }, [emptySearchPage, nextCursor, pageIndex]);

  const restart = (next: { search?: string; pageSize?: number }) => {
    if (next.search !== undefined) setSearch(next.search);
    if (next.pageSize !== undefined) setPageSize(next.pageSize);
    setCursors([null]);
    setPageIndex(0);
  };

  const goTo = (index: number) => {
    // Going forward past the known pages takes the cursor of the page shown.
    if (index === cursors.length && nextCursor && !page.isPlaceholderData) setCursors([...cursors, nextCursor]);
    else if (index >= cursors.length) return;
    setPageIndex(index);
  };

  const onRowClick = (lot: Lot) => {
    const now = Date.now();
    const previous = lastClick.current;
    lastClick.current = { id: lot._id, at: now };
    if (previous && previous.id === lot._id && now - previous.at <= DOUBLE_CLICK_MS) {
      lastClick.current = null;
      onOpen(lot);
    }
  };

  return (
    <Table<Lot>
      variant="container"
      trackBy="_id"
      items={page.isError ? [] : lots}
      loading={page.isPending || (page.isPlaceholderData && page.isFetching)}
      loadingText={lotListMessages.loading}
      onRowClick={({ detail }) => onRowClick(detail.item)}
      ariaLabels={{ tableLabel: lotListMessages.tableLabel }}
      columnDefinitions={[
        {
          id: 'lotcomm',
          header: 'Lot comm',
          cell: (lot) => <RouterLink href={`/projets/${programId}/clients/${lot._id}`}>{lot.lotcomm}</RouterLink>,
          isRowHeader: true,
        },
        { id: 'nom', header: 'Nom', cell: (lot) => [lot.nom, lot.firstname].filter(Boolean).join(' ') },
        { id: 'typologie', header: 'Typologie', cell: (lot) => <TypologyBadge typologie={lot.typologie} /> },
        { id: 'batiment', header: lotListMessages.building, cell: (lot) => lot.batiment || '—' },
        { id: 'etage', header: lotListMessages.floor, cell: (lot) => lot.etage || '—' },
        { id: 'telephone', header: lotListMessages.phone, cell: (lot) => displayPhone(lot.telephonemonsieur) || '—' },
        { id: 'email', header: 'E-mail', cell: (lot) => lot.mailmonsieur || '—' },
      ]}
      filter={
        <TextFilter
          filteringText={typed}
          filteringPlaceholder={lotListMessages.searchPlaceholder}
          filteringAriaLabel={lotListMessages.searchLabel}
          countText={search && page.data ? lotTableCounter(lots.length, nextCursor !== null) : undefined}
          onChange={({ detail }) => setTyped(detail.filteringText)}
          onDelayedChange={({ detail }) => restart({ search: detail.filteringText.trim() })}
        />
      }
      pagination={
        <Pagination
          currentPageIndex={pageIndex + 1}
          pagesCount={cursors.length}
          openEnd={nextCursor !== null}
          disabled={page.isPending}
          // With an open end, the next arrow past the known pages asks for the one after them.
          onChange={({ detail }) => goTo(detail.currentPageIndex - 1)}
          ariaLabels={{ nextPageLabel: 'Page suivante', previousPageLabel: lotListMessages.previousPage, pageLabel: (n) => `Page ${n}` }}
        />
      }
      preferences={
        <CollectionPreferences
          title={lotListMessages.preferences}
          confirmLabel="Valider"
          cancelLabel="Annuler"
          preferences={{ pageSize }}
          pageSizePreference={{ title: 'Lots par page', options: lotPageSizes.map((value) => ({ value, label: `${value} lots` })) }}
          onConfirm={({ detail }) => restart({ pageSize: detail.pageSize ?? lotPageSizes[0] })}
        />
      }
      empty={
        page.isError ? (
          <Box textAlign="center" color="inherit" padding={{ vertical: 'l' }}>
            <SpaceBetween size="s">
              <Box variant="strong" color="text-status-error">
                {lotPageMessages.loadFailed}
              </Box>
              <Box color="inherit">{errorMessage(page.error)}</Box>
              <Button onClick={() => void page.refetch()}>{lotListMessages.retry}</Button>
            </SpaceBetween>
          </Box>
        ) : search ? (
          <NoMatch
            text={nextCursor ? lotPageMessages.noMatchOnPage : lotListMessages.noMatch}
            onClear={() => {
              setTyped('');
              restart({ search: '' });
            }}
          />
        ) : (
          <Box textAlign="center" color="inherit" padding={{ vertical: 'l' }}>
            <Box variant="strong" color="inherit">
              {lotListMessages.noClients}
            </Box>
          </Box>
        )
      }
    />
  );
}
