import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import { useState, type ReactNode } from 'react';
import { splitList } from '../../../../shared/domain/virtual-visit';
import type { VirtualVisit } from '../../api/virtual-visit-queries';
import { formatDateTime } from '../../components/format-date';
import { LoadMoreButton } from '../../components/load-more-button';
import { EndDateModal } from './end-date-modal';
import { DeleteVisitsModal } from './delete-visits-modal';
import { visitTableMessages } from '../../../../shared/messages/virtual-visit-pages';

export interface VisitsTableProps {
  title: string;
  description?: string;
  visits: VirtualVisit[] | undefined;
  loading: boolean;
  /** The program page shows the lot (part 3 §2); the admin page the promoter. */
  showLot?: boolean;
  actions?: ReactNode;
  empty: string;
  /** A list the server answers a page at a time: its « Charger plus » (docs/architecture.md « Bounded answers »). */
  more?: { hasMore: boolean; loading: boolean; onLoad: () => void };
}

/** The visits table of /admin/visites, /visites and /projets/{id}/visites-3d: status, views, notified, edit and (bulk) delete. */
export function VisitsTable({ title, description, visits, loading, showLot = false, actions, empty, more }: VisitsTableProps) {
  const [selected, setSelected] = useState<VirtualVisit[]>([]);
  const [editing, setEditing] = useState<VirtualVisit | null>(null);
  const [deleting, setDeleting] = useState<VirtualVisit[] | null>(null);
  const items = visits ?? [];

  const columns: TableProps.ColumnDefinition<VirtualVisit>[] = [
    ...(showLot ? [{ id: 'lot', header: 'Lot', cell: (visit: VirtualVisit) => visit.lotcomm ?? '–' }] : []),
    { id: 'name', header: 'Nom', cell: (visit) => visit.name, isRowHeader: true },
    ...(showLot ? [] : [{ id: 'promoter', header: 'Promoteur', cell: (visit: VirtualVisit) => visit.promoterName || '–' }]),
    { id: 'start', header: visitTableMessages.start, cell: (visit) => formatDateTime(visit.startDate, 'dd/MM/yyyy') },
    { id: 'end', header: 'Fin', cell: (visit) => formatDateTime(visit.endDate, 'dd/MM/yyyy') },
    { id: 'pointer', header: 'Visite', cell: (visit) => visit.pointer },
    {
      id: 'link',
      header: 'Lien',
      cell: (visit) => (
        <Link href={`/immersion/${visit.uuid}`} external externalIconAriaLabel="(nouvel onglet)">
          {`/immersion/${visit.uuid}`}
        </Link>
      ),
    },
    { id: 'tours', header: 'Visites 3D', cell: (visit) => splitList(visit.payload).length },
    {
      id: 'status',
      header: 'Statut',
      cell: (visit) => (
        <StatusIndicator type={visit.status === 'active' ? 'success' : 'stopped'}>
          {visit.status === 'active' ? visitTableMessages.active : visitTableMessages.expired}
        </StatusIndicator>
      ),
    },
    { id: 'notified', header: visitTableMessages.notified, cell: (visit) => (visit.notified ? 'Oui' : 'Non') },
    { id: 'counter', header: 'Vues', cell: (visit) => visit.counter },
    {
      id: 'actions',
      header: 'Actions',
      cell: (visit) => (
        <SpaceBetween direction="horizontal" size="xxs">
          <Button variant="icon" iconName="edit" ariaLabel={visitTableMessages.editEndDate(visit.name)} onClick={() => setEditing(visit)} />
          <Button variant="icon" iconName="remove" ariaLabel={visitTableMessages.deleteVisitOf(visit.name)} onClick={() => setDeleting([visit])} />
        </SpaceBetween>
      ),
    },
  ];

  return (
    <>
      <Table<VirtualVisit>
        variant="full-page"
        trackBy="uuid"
        selectionType="multi"
        selectedItems={selected}
        onSelectionChange={({ detail }) => setSelected(detail.selectedItems)}
        ariaLabels={{
          selectionGroupLabel: visitTableMessages.selectionGroup,
          allItemsSelectionLabel: () => visitTableMessages.selectAll,
          itemSelectionLabel: (_selection, visit) => visitTableMessages.selectOne(visit.name),
        }}
        loading={loading}
        loadingText={visitTableMessages.loading}
        items={items}
        columnDefinitions={columns}
        wrapLines
        empty={<Box textAlign="center">{empty}</Box>}
        footer={more?.hasMore ? <LoadMoreButton {...more} /> : undefined}
        header={
          <Header
            variant="awsui-h1-sticky"
            counter={visits ? `(${items.length}${more?.hasMore ? '+' : ''})` : undefined}
            description={description}
            actions={
              <SpaceBetween direction="horizontal" size="xs">
                <Button disabled={selected.length === 0} onClick={() => setDeleting(selected)}>
                  {visitTableMessages.deleteSelection}
                </Button>
                {actions}
              </SpaceBetween>
            }
          >
            {title}
          </Header>
        }
      />
      {editing && <EndDateModal visit={editing} onDismiss={() => setEditing(null)} />}
      {deleting && (
        <DeleteVisitsModal
          visits={deleting}
          onDismiss={() => setDeleting(null)}
          onDeleted={() => {
            setDeleting(null);
            setSelected([]);
          }}
        />
      )}
    </>
  );
}
