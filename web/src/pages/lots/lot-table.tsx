import Box from '@cloudscape-design/components/box';
import CollectionPreferences from '@cloudscape-design/components/collection-preferences';
import Pagination from '@cloudscape-design/components/pagination';
import Table from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import { useMemo, useRef, useState } from 'react';
import type { Lot } from '../../../../shared/domain/lot';
import { displayPhone } from '../../../../shared/rules/phone';
import { RouterLink } from '../../components/router-link';
import { NoMatch } from '../../components/no-match';
import { DOUBLE_CLICK_MS, lotMatches, lotPageSizes, sortLots, type LotSortKey } from './lot-table-config';
import { TypologyBadge } from './typology-badge';

export interface LotTableProps {
  programId: string;
  lots: Lot[];
  loading: boolean;
  onOpen: (lot: Lot) => void;
}

/** The lots of a program (part 2 §2.1): text filter, sorting, pagination; a double-click opens the client. */
export function LotTable({ programId, lots, loading, onOpen }: LotTableProps) {
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(lotPageSizes[0]);
  const lastClick = useRef<{ id: string; at: number } | null>(null);

  const [sorting, setSorting] = useState<{ key: LotSortKey; descending: boolean }>({ key: 'lotcomm', descending: false });
  const filtered = useMemo(
    () =>
      sortLots(
        lots.filter((lot) => lotMatches(lot, filter)),
        sorting.key,
        sorting.descending,
      ),
    [lots, filter, sorting],
  );
  const pagesCount = Math.max(1, Math.ceil(filtered.length / pageSize));
  const currentPage = Math.min(page, pagesCount);
  const shown = filtered.slice((currentPage - 1) * pageSize, currentPage * pageSize);

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
      items={shown}
      loading={loading}
      loadingText="Chargement des lots"
      onRowClick={({ detail }) => onRowClick(detail.item)}
      ariaLabels={{ tableLabel: 'Lots du programme' }}
      sortingColumn={{ sortingField: sorting.key }}
      sortingDescending={sorting.descending}
      onSortingChange={({ detail }) => {
        setSorting({ key: (detail.sortingColumn.sortingField ?? 'lotcomm') as LotSortKey, descending: !!detail.isDescending });
        setPage(1);
      }}
      columnDefinitions={[
        {
          id: 'lotcomm',
          sortingField: 'lotcomm',
          header: 'Lot comm',
          cell: (lot) => <RouterLink href={`/projets/${programId}/clients/${lot._id}`}>{lot.lotcomm}</RouterLink>,
          isRowHeader: true,
        },
        { id: 'nom', sortingField: 'nom', header: 'Nom', cell: (lot) => [lot.nom, lot.firstname].filter(Boolean).join(' ') },
        { id: 'typologie', sortingField: 'typologie', header: 'Typologie', cell: (lot) => <TypologyBadge typologie={lot.typologie} /> },
        { id: 'batiment', sortingField: 'batiment', header: 'Bâtiment', cell: (lot) => lot.batiment || '—' },
        { id: 'etage', sortingField: 'etage', header: 'Étage', cell: (lot) => lot.etage || '—' },
        { id: 'telephone', sortingField: 'telephone', header: 'Téléphone', cell: (lot) => displayPhone(lot.telephonemonsieur) || '—' },
        { id: 'email', sortingField: 'email', header: 'E-mail', cell: (lot) => lot.mailmonsieur || '—' },
      ]}
      filter={
        <TextFilter
          filteringText={filter}
          filteringPlaceholder="Rechercher un lot, un nom, un e-mail…"
          filteringAriaLabel="Filtrer les lots"
          countText={filter ? `${filtered.length} résultat(s)` : undefined}
          onChange={({ detail }) => {
            setFilter(detail.filteringText);
            setPage(1);
          }}
        />
      }
      pagination={
        <Pagination
          currentPageIndex={currentPage}
          pagesCount={pagesCount}
          onChange={({ detail }) => setPage(detail.currentPageIndex)}
          ariaLabels={{ nextPageLabel: 'Page suivante', previousPageLabel: 'Page précédente', pageLabel: (n) => `Page ${n}` }}
        />
      }
      preferences={
        <CollectionPreferences
          title="Préférences"
          confirmLabel="Valider"
          cancelLabel="Annuler"
          preferences={{ pageSize }}
          pageSizePreference={{ title: 'Lots par page', options: lotPageSizes.map((value) => ({ value, label: `${value} lots` })) }}
          onConfirm={({ detail }) => {
            setPageSize(detail.pageSize ?? lotPageSizes[0]);
            setPage(1);
          }}
        />
      }
      empty={
        filter && lots.length > 0 ? (
          <NoMatch
            text="Aucun lot ne correspond à la recherche"
            onClear={() => {
              setFilter('');
              setPage(1);
            }}
          />
        ) : (
          <Box textAlign="center" color="inherit" padding={{ vertical: 'l' }}>
            <Box variant="strong" color="inherit">
              Pas de clients
            </Box>
          </Box>
        )
      }
    />
  );
}
