import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import type { WaitlistEntry } from '../../../../shared/domain/planning-detail-reads';
import { isHoldActive } from '../../../../shared/domain/waitlist';
import { waitlistMessages } from '../../../../shared/messages/waitlist';
import { formatDateTime } from '../format-date';
import { waitlistPanelMessages, planningDialogCommon } from '../../../../shared/messages/planning-dialogs';

export interface WaitlistPanelProps {
  /** The first waiters, in order of asking (GET /rdv/{id}/summary). */
  waiting: WaitlistEntry[];
  /** Every waiter. */
  total: number;
}

/** The buyers waiting for an earlier start, in order of asking (docs/user-guide.md « Liste d'attente »); shown while someone waits. */
export function WaitlistPanel({ waiting, total }: WaitlistPanelProps) {
  if (total === 0) return null;
  const now = Date.now();
  return (
    <Container
      header={
        <Header variant="h2" counter={`(${total})`} description={waitlistMessages.staff.count(total)}>
          {waitlistMessages.staff.title}
        </Header>
      }
    >
      <Table
        variant="embedded"
        ariaLabels={{ tableLabel: waitlistMessages.staff.title }}
        items={waiting}
        trackBy="uuid"
        columnDefinitions={[
          { id: 'rank', header: waitlistPanelMessages.rank, cell: (meeting) => waiting.indexOf(meeting) + 1 },
          { id: 'lot', header: planningDialogCommon.lot, cell: (meeting) => meeting.lotcomm },
          { id: 'name', header: planningDialogCommon.buyer, cell: (meeting) => meeting.nom },
          { id: 'visit', header: waitlistPanelMessages.currentMeeting, cell: (meeting) => (meeting.start ? formatDateTime(meeting.start) : '—') },
          { id: 'asked', header: waitlistPanelMessages.askedOn, cell: (meeting) => formatDateTime(meeting.waitAskedAt) },
          {
            id: 'state',
            header: waitlistPanelMessages.state,
            cell: (meeting) =>
              isHoldActive(meeting.waitHold, now) ? (
                <StatusIndicator type="info">
                  {`${formatDateTime(meeting.waitHold.start)} — ${waitlistMessages.staff.offered(formatDateTime(meeting.waitHold.until, 'HH:mm'))}`}
                </StatusIndicator>
              ) : (
                <StatusIndicator type="pending">{waitlistMessages.staff.waiting}</StatusIndicator>
              ),
          },
        ]}
      />
    </Container>
  );
}
