import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import Popover from '@cloudscape-design/components/popover';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { TableProps } from '@cloudscape-design/components/table';
import { Fragment } from 'react';
import type { Meeting } from '../../../../shared/domain/planning';
import type { ParticipantSort } from '../../../../shared/domain/planning-detail-reads';
import { isPlaced } from '../../../../shared/rules/meeting-status';
import { TypologyBadge } from '../lots/typology-badge';
import { statusColors, type ParticipantRow } from './planning-detail-config';
import { participantsMessages, planningPageCommon } from '../../../../shared/messages/planning-detail';

export type RowAction = 'edit' | 'history' | 'book' | 'cancel' | 'remove';

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

const columnOf = (id: ParticipantSort) => ({ sortingField: id });

/** The participants table's columns (part 2 §2.6); the server sorts by the sortable ones. */
export function participantColumns(onRowAction: (action: RowAction, meeting: Meeting) => void): TableProps.ColumnDefinition<ParticipantRow>[] {
  return [
    {
      id: 'lot',
      header: participantsMessages.lot,
      isRowHeader: true,
      ...columnOf('lot'),
      // The typology rides with its lot: one column fewer, so that the table fits 1280 px with the menu open.
      cell: (row) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {row.lot} <TypologyBadge typologie={row.typologie} />
        </span>
      ),
    },
    { id: 'name', header: participantsMessages.name, ...columnOf('name'), cell: (row) => row.name },
    {
      id: 'status',
      header: participantsMessages.status,
      ...columnOf('status'),
      // A status is one line ('en attente' must not wrap inside its badge): see StatusBadge.
      cell: (row) =>
        row.status === 'indisponible' && row.meeting.note ? (
          <Popover triggerType="custom" header={participantsMessages.buyerMessage} content={row.meeting.note} dismissAriaLabel={planningPageCommon.close}>
            <StatusBadge status={row.status} />
          </Popover>
        ) : (
          <StatusBadge status={row.status} />
        ),
    },
    // Minimum widths keep 'mer. 16/12/2026' and the invitation's date and time on one line each; the rest wraps.
    {
      id: 'appointment',
      header: participantsMessages.appointment,
      ...columnOf('appointment'),
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
      header: participantsMessages.invitation,
      ...columnOf('invitation'),
      minWidth: 160,
      cell: (row) =>
        row.invitation ? (
          <StatusIndicator type="success">
            <span style={{ whiteSpace: 'nowrap' }}>{participantsMessages.sentOn}</span> <span style={{ whiteSpace: 'nowrap' }}>{row.invitation}</span>
          </StatusIndicator>
        ) : (
          <StatusIndicator type="stopped">{participantsMessages.notSent}</StatusIndicator>
        ),
    },
    { id: 'notifications', header: participantsMessages.notifications, cell: (row) => <Words text={row.notifications} /> },
    {
      id: 'actions',
      header: participantsMessages.actions,
      cell: (row) => (
        <ButtonDropdown
          variant="icon"
          ariaLabel={participantsMessages.lotActions(row.lot)}
          expandToViewport
          items={[
            { id: 'edit', text: participantsMessages.edit },
            { id: 'history', text: participantsMessages.history },
            {
              id: 'book',
              text: participantsMessages.book,
              disabled: isPlaced(row.meeting) || !row.meeting.isActive || !row.meeting.isAvailable,
              disabledReason: isPlaced(row.meeting) ? participantsMessages.alreadyPlaced : participantsMessages.mustBeActive,
            },
            { id: 'cancel', text: participantsMessages.cancelMeeting, disabled: !isPlaced(row.meeting), disabledReason: participantsMessages.noMeeting },
            { id: 'remove', text: participantsMessages.remove },
          ]}
          onItemClick={({ detail }) => onRowAction(detail.id as RowAction, row.meeting)}
        />
      ),
    },
  ];
}
