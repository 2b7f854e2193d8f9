import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import Header from '@cloudscape-design/components/header';
import Pagination from '@cloudscape-design/components/pagination';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useMemo, useState } from 'react';
import type { Meeting, Planning } from '../../../../shared/domain/planning';
import { PARTICIPANTS_PAGE_SIZE, type ParticipantSort } from '../../../../shared/domain/planning-detail-reads';
import { errorMessage } from '../../api/api-error';
import { firstParticipantsPage, planningDetailQueries } from '../../api/planning-detail-queries';
import { NoMatch } from '../../components/no-match';
import { bulkLabels, type BulkAction } from '../../../../shared/rules/bulk-selection';
import { participantRow, type ParticipantRow } from './planning-detail-config';

import { participantColumns, type RowAction } from './participants-columns';
import { participantsMessages, planningPageCommon } from '../../../../shared/messages/planning-detail';

type SelectionAction = BulkAction | 'custom-mail' | 'notifications' | 'send-vr' | 'create-vr' | 'remove-vr';

export interface ParticipantsTableProps {
  planning: Planning;
  /** AMO names by id, when AMOs are assigned to columns. */
  amoNames: Record<string, string>;
  onRowAction: (action: RowAction, meeting: Meeting) => void;
  onSelectionAction: (action: SelectionAction, selection: Meeting[]) => void;
  onAddBuyer: () => void;
}

/** The columns the server sorts by (docs/api.md `GET /api/rdv/{id}/participants`). */
const sortOf: Record<string, ParticipantSort> = { lot: 'lot', name: 'name', status: 'status', appointment: 'appointment', invitation: 'invitation' };

/**
 * The buyers of the planning (part 2 §2.6): 50 a page, read page by page from the server, which
 * filters and sorts (the page never holds the whole planning: docs/architecture.md « Live staff
 * screens »); sticky header, selection within the page for the bulk actions, text filter.
 */
export function ParticipantsTable({ planning, amoNames, onRowAction, onSelectionAction, onAddBuyer }: ParticipantsTableProps) {
  const [selected, setSelected] = useState<ParticipantRow[]>([]);
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(firstParticipantsPage.page);
  const [sorting, setSorting] = useState<{ column: ParticipantSort; descending: boolean }>({
    column: firstParticipantsPage.sort,
    descending: firstParticipantsPage.desc,
  });
  // Typing does not send a request per key: the query follows the text once React is idle.
  const search = useDeferredValue(filter);
  const params = { page, pageSize: PARTICIPANTS_PAGE_SIZE, q: search, sort: sorting.column, desc: sorting.descending };
  const answer = useQuery(planningDetailQueries.participants(planning._id, params));
  const rows = useMemo(() => (answer.data?.rows ?? []).map((meeting) => participantRow(planning, meeting, amoNames)), [answer.data, planning, amoNames]);
  const total = answer.data?.total ?? 0;
  const pagesCount = Math.max(1, Math.ceil(total / PARTICIPANTS_PAGE_SIZE));
  const current = answer.data?.page ?? page;
  // The selection follows the latest data (a row's status changes after an action).
  const byUuid = new Map(rows.map((row) => [row.uuid, row]));
  const selection = selected.map((row) => byUuid.get(row.uuid) ?? row);
  const none = selection.length === 0;
  const columnOf = (id: ParticipantSort) => ({ sortingField: id });

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
      loading={answer.isPending}
      loadingText={participantsMessages.loading}
      items={rows}
      sortingColumn={columnOf(sorting.column)}
      sortingDescending={sorting.descending}
      onSortingChange={({ detail }) => {
        setSorting({ column: sortOf[detail.sortingColumn.sortingField ?? 'lot'] ?? 'lot', descending: !!detail.isDescending });
        setPage(1);
      }}
      selectionType="multi"
      selectedItems={selection}
      onSelectionChange={({ detail }) => setSelected(detail.selectedItems)}
      ariaLabels={{
        selectionGroupLabel: participantsMessages.selectionGroup,
        allItemsSelectionLabel: () => participantsMessages.selectAll,
        itemSelectionLabel: (_, row) => participantsMessages.selectLot(row.lot),
      }}
      header={
        <Header
          variant="h2"
          // No count before the first page answers: « (0) » would say the planning is empty.
          counter={answer.data === undefined ? undefined : none ? `(${total})` : `(${selection.length}/${total})`}
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <ButtonDropdown
                disabled={none}
                disabledReason={participantsMessages.selectBuyers}
                items={[
                  { id: 'invite', text: bulkLabels.invite },
                  { id: 'relance', text: bulkLabels.relance },
                  { id: 'rappel', text: bulkLabels.rappel },
                  { id: 'cancel', text: bulkLabels.cancel },
                  { id: 'custom-mail', text: participantsMessages.customMail },
                  { id: 'notifications', text: participantsMessages.notifications },
                  // part 1 §2, part 3 §2: virtual visits
                  { id: 'send-vr', text: participantsMessages.sendVirtualVisits },
                  { id: 'create-vr', text: participantsMessages.createVirtualVisit },
                  { id: 'remove-vr', text: participantsMessages.removeVirtualVisits },
                ]}
                onItemClick={({ detail }) => {
                  onSelectionAction(
                    detail.id as SelectionAction,
                    selection.map((row) => row.meeting),
                  );
                }}
              >
                {participantsMessages.actions}
              </ButtonDropdown>
              <Button iconName="add-plus" onClick={onAddBuyer}>
                {participantsMessages.addBuyer}
              </Button>
            </SpaceBetween>
          }
        >
          {participantsMessages.title}
        </Header>
      }
      filter={
        <TextFilter
          filteringText={filter}
          filteringPlaceholder={participantsMessages.searchPlaceholder}
          filteringAriaLabel={participantsMessages.searchLabel}
          countText={participantsMessages.results(total)}
          onChange={({ detail }) => {
            setFilter(detail.filteringText);
            setPage(1);
          }}
        />
      }
      pagination={
        pagesCount > 1 ? (
          <Pagination
            currentPageIndex={current}
            pagesCount={pagesCount}
            ariaLabels={{ nextPageLabel: planningPageCommon.nextPage, previousPageLabel: planningPageCommon.previousPage, pageLabel: planningPageCommon.page }}
            onChange={({ detail }) => setPage(detail.currentPageIndex)}
          />
        ) : undefined
      }
      columnDefinitions={participantColumns(onRowAction)}
      empty={
        answer.isError ? (
          <Box textAlign="center" color="inherit" padding={{ vertical: 'l' }}>
            <SpaceBetween size="xs">
              <Box color="text-status-error">{errorMessage(answer.error, participantsMessages.loadFailed)}</Box>
              <Button onClick={() => void answer.refetch()}>{planningPageCommon.retry}</Button>
            </SpaceBetween>
          </Box>
        ) : filter ? (
          <NoMatch text={participantsMessages.noMatch} onClear={() => setFilter('')} />
        ) : (
          <Box textAlign="center" color="inherit" padding={{ vertical: 'l' }}>
            <Box variant="strong" color="inherit">
              {participantsMessages.none}
            </Box>
          </Box>
        )
      }
    />
  );
}
