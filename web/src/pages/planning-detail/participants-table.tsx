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
import { Fragment, useMemo, useState } from 'react';
import type { Meeting } from '../../../../shared/domain/planning';
import { NoMatch } from '../../components/no-match';
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
    <Badge color={statusColors[status]}>
      <span style={{ whiteSpace: 'nowrap' }}>{status}</span>
    </Badge>
  );
}

/** Text that wraps between words only: a narrow column never splits '25/11/2026' or 'Envoyée'. */
function Words({ text }: { text: string }) {
  return (
    <>
      {text.split(' ').map((word, index) => (
        <Fragment key={index}>
          {index > 0 && ' '}
          <span style={{ whiteSpace: 'nowrap' }}>{word}</span>
        </Fragment>
      ))}
    </>
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
      // cells wrap, so that the nine columns fit a 1280-px screen with the side
      // menu open ('Envoyée le …' whole, 'Notifications' in view); the row actions stay sticky
      // for narrower screens.
      wrapLines
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
                  // part 1 §2, part 3 §2: virtual visits
                  { id: 'send-vr', text: 'Envoyer les liens de visite virtuelle' },
                  { id: 'create-vr', text: 'Créer la visite 3D' },
                  { id: 'remove-vr', text: 'Supprimer les visites 3D' },
                ]}
                onItemClick={({ detail }) => {
                  onSelectionAction(
                    detail.id as SelectionAction,
                    selection.map((row) => row.meeting),
                  );
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
      pagination={
        pagesCount > 1 ? (
          <Pagination currentPageIndex={current} pagesCount={pagesCount} onChange={({ detail }) => setPage(detail.currentPageIndex)} />
        ) : undefined
      }
      columnDefinitions={[
        {
          id: 'lot',
          header: 'Lot',
          isRowHeader: true,
          // The typology rides with its lot: one column fewer, so that the table fits 1280 px with the menu open.
          cell: (row) => (
            <span style={{ whiteSpace: 'nowrap' }}>
              {row.lot} <TypologyBadge typologie={row.typologie} />
            </span>
          ),
        },
        { id: 'name', header: 'Nom', cell: (row) => row.name },
        {
          id: 'status',
          header: 'Statut',
          // A status is one line ('en attente' must not wrap inside its badge): see StatusBadge.
          cell: (row) =>
            row.status === 'indisponible' && row.meeting.note ? (
              <Popover triggerType="custom" header="Message de l'acquéreur" content={row.meeting.note} dismissAriaLabel="Fermer">
                <StatusBadge status={row.status} />
              </Popover>
            ) : (
              <StatusBadge status={row.status} />
            ),
        },
        // Minimum widths keep 'mer. 16/12/2026' and the invitation's date and time on one line each; the rest wraps.
        {
          id: 'appointment',
          header: 'Rendez-vous · AMO',
          minWidth: 110,
          // The AMO under the visit it holds: one column fewer, so that the table fits 1280 px with the menu open.
          cell: (row) =>
            row.appointment ? (
              <>
                <Words text={row.appointment} />
                <Box variant="small" display="block">
                  {row.amo}
                </Box>
              </>
            ) : (
              <Box color="text-status-inactive">—</Box>
            ),
        },
        {
          id: 'invitation',
          header: 'Invitation',
          minWidth: 160,
          cell: (row) =>
            row.invitation ? (
              <StatusIndicator type="success">
                <span style={{ whiteSpace: 'nowrap' }}>Envoyée le</span> <span style={{ whiteSpace: 'nowrap' }}>{row.invitation}</span>
              </StatusIndicator>
            ) : (
              <StatusIndicator type="stopped">Non envoyée</StatusIndicator>
            ),
        },
        { id: 'notifications', header: 'Notifications', cell: (row) => <Words text={row.notifications} /> },
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
        filter ? (
          <NoMatch text="Aucun participant ne correspond à la recherche" onClear={() => setFilter('')} />
        ) : (
          <Box textAlign="center" color="inherit" padding={{ vertical: 'l' }}>
            <Box variant="strong" color="inherit">
              Aucun participant
            </Box>
          </Box>
        )
      }
    />
  );
}
