import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import Header from '@cloudscape-design/components/header';
import Pagination from '@cloudscape-design/components/pagination';
import Popover from '@cloudscape-design/components/popover';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import { useMemo, useState } from 'react';
import type { Meeting } from '../../../../shared/domain/planning';
import { TypologyBadge } from '../lots/typology-badge';
import { bulkLabels, type BulkAction } from '../../../../shared/rules/bulk-selection';
import { isPlaced } from '../../../../shared/rules/meeting-status';
import { PARTICIPANTS_PAGE_SIZE, rowMatches, statusColors, type ParticipantRow } from './planning-detail-config';

export type RowAction = 'edit' | 'history' | 'book' | 'cancel' | 'remove';
export type SelectionAction = BulkAction | 'custom-mail' | 'notifications' | 'send-vr' | 'create-vr' | 'remove-vr';

export interface ParticipantsTableProps {
  rows: ParticipantRow[];
  loading: boolean;
  onRowAction: (action: RowAction, meeting: Meeting) => void;
  onSelectionAction: (action: SelectionAction, selection: Meeting[]) => void;
  onAddBuyer: () => void;
}

/** A row's status badge, kept on one line. */
function StatusBadge({ status }: { status: ParticipantRow['status'] }) {
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      <Badge color={statusColors[status]}>{status}</Badge>
    </span>
  );
}

/** The buyers of the planning (part 2 §2.6): 500 a page, sticky header, selection, text filter. */
export function ParticipantsTable({ rows, loading, onRowAction, onSelectionAction, onAddBuyer }: ParticipantsTableProps) {
  const [selected, setSelected] = useState<ParticipantRow[]>([]);
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(1);
  const filtered = useMemo(() => rows.filter((row) => rowMatches(row, filter)), [rows, filter]);
  const pagesCount = Math.max(1, Math.ceil(filtered.length / PARTICIPANTS_PAGE_SIZE));
  const current = Math.min(page, pagesCount);
  const shown = filtered.slice((current - 1) * PARTICIPANTS_PAGE_SIZE, current * PARTICIPANTS_PAGE_SIZE);
  // The selection follows the latest data (a row's status changes after an action).
  const byUuid = new Map(rows.map((row) => [row.uuid, row]));
  const selection = selected.map((row) => byUuid.get(row.uuid)).filter((row): row is ParticipantRow => !!row);
  const none = selection.length === 0;

  return (
    <Table<ParticipantRow>
      variant="container"
      stickyHeader
      // The row actions stay in view when the columns are wider than the screen.
      stickyColumns={{ first: 0, last: 1 }}
      trackBy="uuid"
      loading={loading}
      loadingText="Chargement des participants"
      items={shown}
      selectionType="multi"
      selectedItems={selection}
      onSelectionChange={({ detail }) => setSelected(detail.selectedItems)}
      ariaLabels={{
        selectionGroupLabel: 'Sélection des participants',
        allItemsSelectionLabel: () => 'Tout sélectionner',
        itemSelectionLabel: (_, row) => `Sélectionner le lot ${row.lot}`,
      }}
      header={
        <Header
          variant="h2"
          counter={none ? `(${rows.length})` : `(${selection.length}/${rows.length})`}
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <ButtonDropdown
                disabled={none}
                disabledReason="Sélectionnez des acquéreurs"
                items={[
                  { id: 'invite', text: bulkLabels.invite },
                  { id: 'relance', text: bulkLabels.relance },
                  { id: 'rappel', text: bulkLabels.rappel },
                  { id: 'cancel', text: bulkLabels.cancel },
                  { id: 'custom-mail', text: 'Mail personnalisé' },
                  { id: 'notifications', text: 'Notifications' },
                  // issue 16: virtual visits
                  { id: 'send-vr', text: 'Envoyer les liens VR' },
                  { id: 'create-vr', text: 'Créer la visite 3D' },
                  { id: 'remove-vr', text: 'Supprimer les visites 3D' },
                ]}
                onItemClick={({ detail }) => {
                  onSelectionAction(detail.id as SelectionAction, selection.map((row) => row.meeting));
                }}
              >
                Actions
              </ButtonDropdown>
              <Button iconName="add-plus" onClick={onAddBuyer}>
                Ajouter un acquéreur
              </Button>
            </SpaceBetween>
          }
        >
          Participants
        </Header>
      }
      filter={
        <TextFilter
          filteringText={filter}
          filteringPlaceholder="Rechercher un lot, un nom, un statut"
          filteringAriaLabel="Rechercher un participant"
          countText={`${filtered.length} résultat${filtered.length > 1 ? 's' : ''}`}
          onChange={({ detail }) => {
            setFilter(detail.filteringText);
            setPage(1);
          }}
        />
      }
      pagination={pagesCount > 1 ? <Pagination currentPageIndex={current} pagesCount={pagesCount} onChange={({ detail }) => setPage(detail.currentPageIndex)} /> : undefined}
      columnDefinitions={[
        { id: 'lot', header: 'Lot', isRowHeader: true, cell: (row) => row.lot },
        { id: 'name', header: 'Nom', cell: (row) => row.name },
        { id: 'typologie', header: 'Typologie', cell: (row) => <TypologyBadge typologie={row.typologie} /> },
        {
          id: 'status',
          header: 'Statut',
          // A status is one line ('en attente' must not wrap inside its badge).
          minWidth: 130,
          cell: (row) =>
            row.status === 'indisponible' && row.meeting.note ? (
              <Popover triggerType="custom" header="Message de l'acquéreur" content={row.meeting.note} dismissAriaLabel="Fermer">
                <StatusBadge status={row.status} />
              </Popover>
            ) : (
              <StatusBadge status={row.status} />
            ),
        },
        { id: 'appointment', header: 'Rendez-vous', cell: (row) => row.appointment || <Box color="text-status-inactive">—</Box> },
        { id: 'amo', header: 'AMO', cell: (row) => row.amo || <Box color="text-status-inactive">—</Box> },
        {
          id: 'invitation',
          header: 'Invitation',
          cell: (row) =>
            row.invitation ? <StatusIndicator type="success">{`Envoyée le ${row.invitation}`}</StatusIndicator> : <StatusIndicator type="stopped">Non envoyée</StatusIndicator>,
        },
        { id: 'notifications', header: 'Notifications', cell: (row) => row.notifications },
        {
          id: 'actions',
          header: 'Actions',
          cell: (row) => (
            <ButtonDropdown
              variant="icon"
              ariaLabel={`Actions du lot ${row.lot}`}
              expandToViewport
              items={[
                { id: 'edit', text: "Modifier l'acquéreur" },
                { id: 'history', text: 'Historique' },
                {
                  id: 'book',
                  text: 'Placer manuellement',
                  disabled: isPlaced(row.meeting) || !row.meeting.isActive || !row.meeting.isAvailable,
                  disabledReason: isPlaced(row.meeting) ? 'Rendez-vous déjà placé' : "L'acquéreur doit être actif et disponible",
                },
                { id: 'cancel', text: 'Annuler le rendez-vous', disabled: !isPlaced(row.meeting), disabledReason: 'Aucun rendez-vous' },
                { id: 'remove', text: 'Retirer du planning' },
              ]}
              onItemClick={({ detail }) => onRowAction(detail.id as RowAction, row.meeting)}
            />
          ),
        },
      ]}
      empty={
        <Box textAlign="center" color="inherit" padding={{ vertical: 'l' }}>
          <Box variant="strong" color="inherit">
            {filter ? 'Aucun participant ne correspond à la recherche' : 'Aucun participant'}
          </Box>
        </Box>
      }
    />
  );
}
