import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import CollectionPreferences from '@cloudscape-design/components/collection-preferences';
import Header from '@cloudscape-design/components/header';
import Pagination from '@cloudscape-design/components/pagination';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import { useCollection } from '@cloudscape-design/collection-hooks';
import { useMemo, useState } from 'react';
import type { LotPick } from '../../../../shared/domain/lot';
import { TYPOLOGIES } from '../../../../shared/scheduling/phase-durations';
import { buyersSectionMessages as texts } from '../../../../shared/messages/planning-creation';
import { listLabels } from '../../../../shared/messages/planning-list';
import { lotMatches } from '../lots/lot-table-config';
import { TypologyBadge } from '../lots/typology-badge';
import { buyerPageSizes, defaultBuyerPageSize, durationLabel, durationOptions, lotDuration } from './free-planning-config';
import type { SectionProps } from './use-free-planning-form';

export interface BuyersSectionProps extends SectionProps {
  lots: LotPick[];
}

const ALL = 'all';

/**
 * Section 2: the program's lots to invite, with a text and a typology filter and per-row durations.
 * A program may hold 10,000 lots: Cloudscape's collection hooks filter and page them in the browser,
 * so the table holds one page of rows (50 by default), never the whole program.
 */
export function BuyersSection({ form, update, errors, lots }: BuyersSectionProps) {
  const [typology, setTypology] = useState<string>(ALL);
  const [pageSize, setPageSize] = useState<number>(defaultBuyerPageSize);
  const selectedIds = useMemo(() => new Set(form.selectedLotIds), [form.selectedLotIds]);
  const ofTypology = useMemo(() => (typology === ALL ? lots : lots.filter((lot) => lot.typologie === typology)), [lots, typology]);
  const {
    items: shown,
    allPageItems: filtered,
    filterProps,
    paginationProps,
    actions,
  } = useCollection(ofTypology, {
    filtering: { filteringFunction: (lot, text) => lotMatches(lot, text) },
    pagination: { pageSize },
  });
  const filter = filterProps.filteringText;
  const selectedItems = useMemo(() => lots.filter((lot) => selectedIds.has(lot._id)), [lots, selectedIds]);
  const options = durationOptions(form.showAllDurations);

  const select = (ids: readonly string[], selected: boolean) =>
    update((current) => {
      const next = new Set(current.selectedLotIds);
      for (const id of ids) {
        if (selected) next.add(id);
        else next.delete(id);
      }
      return { ...current, selectedLotIds: lots.filter((lot) => next.has(lot._id)).map((lot) => lot._id) };
    });

  return (
    <Table<LotPick>
      variant="borderless"
      trackBy="_id"
      items={shown}
      selectionType="multi"
      selectedItems={selectedItems}
      onSelectionChange={({ detail }) => {
        const now = new Set(detail.selectedItems.map((lot) => lot._id));
        // The header checkbox acts on the page shown; selections on other pages are kept.
        update((current) => {
          const next = new Set(current.selectedLotIds);
          for (const lot of shown) {
            if (now.has(lot._id)) next.add(lot._id);
            else next.delete(lot._id);
          }
          return { ...current, selectedLotIds: lots.filter((lot) => next.has(lot._id)).map((lot) => lot._id) };
        });
      }}
      ariaLabels={{
        tableLabel: texts.table,
        selectionGroupLabel: texts.selection,
        allItemsSelectionLabel: () => texts.selectPage,
        itemSelectionLabel: (_, lot) => texts.selectLot(lot.lotcomm),
      }}
      header={
        <Header
          variant="h3"
          counter={`(${selectedItems.length}/${lots.length})`}
          description={errors.broadcastList ? <Box color="text-status-error">{errors.broadcastList}</Box> : texts.help}
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <Button
                onClick={() =>
                  select(
                    filtered.map((lot) => lot._id),
                    true,
                  )
                }
                disabled={filtered.length === 0}
              >
                {texts.selectAll(filtered.length)}
              </Button>
              <Button onClick={() => update({ selectedLotIds: [] })} disabled={selectedItems.length === 0}>
                {texts.unselectAll}
              </Button>
            </SpaceBetween>
          }
        >
          {texts.title}
        </Header>
      }
      filter={
        <SpaceBetween direction="horizontal" size="m" alignItems="center">
          <TextFilter
            {...filterProps}
            filteringPlaceholder={texts.searchPlaceholder}
            filteringAriaLabel={texts.search}
            countText={filter ? texts.resultCount(filtered.length) : undefined}
          />
          <SegmentedControl
            label="Typologie"
            selectedId={typology}
            options={[{ id: ALL, text: 'Toutes' }, ...TYPOLOGIES.map((t) => ({ id: t, text: t.toUpperCase() }))]}
            onChange={({ detail }) => {
              setTypology(detail.selectedId);
              actions.setCurrentPage(1);
            }}
          />
        </SpaceBetween>
      }
      pagination={
        <Pagination
          {...paginationProps}
          ariaLabels={{ nextPageLabel: listLabels.nextPage, previousPageLabel: listLabels.previousPage, pageLabel: listLabels.page }}
        />
      }
      preferences={
        <CollectionPreferences
          title={texts.preferences}
          confirmLabel="Valider"
          cancelLabel="Annuler"
          preferences={{ pageSize }}
          pageSizePreference={{ title: texts.pageSize, options: buyerPageSizes.map((value) => ({ value, label: `${value} lots` })) }}
          onConfirm={({ detail }) => {
            setPageSize(detail.pageSize ?? defaultBuyerPageSize);
            actions.setCurrentPage(1);
          }}
        />
      }
      columnDefinitions={[
        { id: 'lotcomm', header: 'Lot', cell: (lot) => lot.lotcomm, isRowHeader: true },
        { id: 'nom', header: texts.buyer, cell: (lot) => lot.nom },
        { id: 'typologie', header: 'Typologie', cell: (lot) => <TypologyBadge typologie={lot.typologie} /> },
        { id: 'batiment', header: texts.building, cell: (lot) => lot.batiment || '—' },
        { id: 'etage', header: texts.floor, cell: (lot) => lot.etage || '—' },
        {
          id: 'duree',
          header: texts.duration,
          minWidth: 150,
          cell: (lot) => {
            const own = form.lengths[lot._id];
            const typical = form.mTimes[lot.typologie];
            const value = lotDuration(form, lot);
            return (
              <Select
                ariaLabel={texts.durationOf(lot.lotcomm)}
                expandToViewport
                selectedOption={{ value: own ? String(own) : '', label: own ? durationLabel(value) : `${durationLabel(typical)} (typologie)` }}
                options={[{ value: '', label: `${durationLabel(typical)} (typologie)` }, ...options]}
                onChange={({ detail }) =>
                  update((current) => {
                    const lengths = { ...current.lengths };
                    if (detail.selectedOption.value) lengths[lot._id] = Number(detail.selectedOption.value);
                    else delete lengths[lot._id];
                    return { ...current, lengths };
                  })
                }
              />
            );
          },
        },
      ]}
      empty={
        <Box textAlign="center" color="inherit" padding={{ vertical: 'l' }}>
          <Box variant="strong" color="inherit">
            {lots.length === 0 ? texts.noBuyers : texts.noMatch}
          </Box>
        </Box>
      }
    />
  );
}
