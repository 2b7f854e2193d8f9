import Box from '@cloudscape-design/components/box';
import Checkbox from '@cloudscape-design/components/checkbox';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useMemo } from 'react';
import type { LotPick } from '../../../../shared/domain/lot';
import { durationLabel } from './free-planning-config';
import { durationText, UNPLACED_LOT_CLASS } from './imposed-calendar';
import { filterLots, filterValues, type LotFilters } from './imposed-planning-config';
import { imposedPlacementMessages as texts } from '../../../../shared/messages/planning-creation';

export interface UnplacedLotsPanelProps {
  /** Selected lots not placed yet. */
  lots: LotPick[];
  selectedCount: number;
  durationOf: (lot: LotPick) => number;
  filters: LotFilters;
  onFilters: (filters: LotFilters) => void;
  /** Receives the list element: the calendar makes its items draggable. */
  listRef: (element: HTMLDivElement | null) => void;
}

const groups = [
  { key: 'batiment', label: texts.filterGroups.batiment },
  { key: 'etage', label: texts.filterGroups.etage },
  { key: 'typologie', label: texts.filterGroups.typologie },
] as const;

const lotStyle = {
  padding: '6px 8px',
  margin: '4px 0',
  border: '1px solid #8c8c94',
  borderRadius: 8,
  background: '#ffffff',
  cursor: 'grab',
  touchAction: 'none',
  userSelect: 'none',
} as const;

/**
 * The left panel of the imposed creation (part 2 §2.5): the lots 'not placed', filtered by
 * Batiment, Etage or Typologie (checkboxes) and sorted up or down, each dragged onto the calendar;
 * 'Terminé' once nothing is left.
 */
export function UnplacedLotsPanel({ lots, selectedCount, durationOf, filters, onFilters, listRef }: UnplacedLotsPanelProps) {
  const values = useMemo(() => filterValues(lots), [lots]);
  const shown = useMemo(() => filterLots(lots, filters), [lots, filters]);
  const toggle = (key: (typeof groups)[number]['key'], value: string, checked: boolean) =>
    onFilters({ ...filters, [key]: checked ? [...filters[key], value] : filters[key].filter((item) => item !== value) });

  return (
    <SpaceBetween size="s">
      <Box variant="h3" tagOverride="h3">
        {texts.toPlace(lots.length, selectedCount)}
      </Box>
      {selectedCount > 0 && lots.length === 0 ? (
        <StatusIndicator type="success">{texts.allPlaced}</StatusIndicator>
      ) : (
        <>
          <ExpandableSection headerText={texts.filters} variant="footer">
            <SpaceBetween size="xs">
              {groups.map(({ key, label }) => (
                <div key={key} role="group" aria-label={label}>
                  <Box variant="awsui-key-label">{label}</Box>
                  <SpaceBetween direction="horizontal" size="xs">
                    {values[key].map((value) => (
                      <Checkbox key={value} checked={filters[key].includes(value)} onChange={({ detail }) => toggle(key, value, detail.checked)}>
                        {key === 'typologie' ? value.toUpperCase() : value}
                      </Checkbox>
                    ))}
                  </SpaceBetween>
                </div>
              ))}
              <SegmentedControl
                label={texts.sort}
                selectedId={filters.order}
                options={[
                  { id: 'asc', text: texts.ascending },
                  { id: 'desc', text: texts.descending },
                ]}
                onChange={({ detail }) => onFilters({ ...filters, order: detail.selectedId === 'desc' ? 'desc' : 'asc' })}
              />
            </SpaceBetween>
          </ExpandableSection>
          {selectedCount === 0 && <Box color="text-body-secondary">{texts.selectBuyersFirst}</Box>}
        </>
      )}
      <div key="list" ref={listRef} role="list" aria-label={texts.unplaced} style={{ maxHeight: 520, overflowY: 'auto' }}>
        {shown.map((lot) => {
          const ms = durationOf(lot);
          return (
            <div
              key={lot._id}
              role="listitem"
              className={UNPLACED_LOT_CLASS}
              data-lot-id={lot._id}
              data-title={`${lot.lotcomm} ${lot.typologie.toUpperCase()}`}
              data-duration={durationText(ms)}
              style={lotStyle}
            >
              <strong>{lot.lotcomm}</strong> · {lot.nom} · {lot.typologie.toUpperCase()} · {texts.building} {lot.batiment || '—'} · {texts.floor}{' '}
              {lot.etage || '—'} · {durationLabel(ms)}
            </div>
          );
        })}
      </div>
    </SpaceBetween>
  );
}
