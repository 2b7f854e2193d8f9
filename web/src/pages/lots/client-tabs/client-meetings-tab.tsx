import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import Table from '@cloudscape-design/components/table';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../api/api-error';
import { buyerAreaQueries, type ClientMeeting } from '../../../api/buyer-area-queries';
import { formatDateTime } from '../../../components/format-date';
import { RouterLink } from '../../../components/router-link';
import { clientDetailMessages, lotListMessages } from '../../../../../shared/messages/lot-pages';
import { planningLabels } from '../../../../../shared/messages/plannings';

const { choices, partitions, predelivery, delivery } = planningLabels.phases;
const phases: Record<string, string> = { choices, partitions, predelivery, delivery };

function History({ meeting }: { meeting: ClientMeeting }) {
  if (meeting.history.length === 0) return <Box color="text-body-secondary">{clientDetailMessages.noChange}</Box>;
  return (
    <ExpandableSection headerText={`Historique (${meeting.history.length})`}>
      <ul style={{ margin: 0, paddingInlineStart: 16 }}>
        {[...meeting.history].reverse().map((entry) => (
          <li key={entry.id}>
            {formatDateTime(entry.at)} · {entry.action} · {entry.by.name}
            {entry.by.impersonator ? ` (par ${entry.by.impersonator.name})` : ''}
          </li>
        ))}
      </ul>
    </ExpandableSection>
  );
}

/** The client detail's Rendez-vous tab (part 2 §2.2): the buyer's meetings across the program's plannings, with status and history. */
export function ClientMeetingsTab({ programId, clientId }: { programId: string; clientId: string }) {
  const meetings = useQuery(buyerAreaQueries.clientMeetings(programId, clientId));
  if (meetings.isError) {
    return (
      <Alert type="error" action={<Button onClick={() => void meetings.refetch()}>{lotListMessages.retry}</Button>}>
        {errorMessage(meetings.error)}
      </Alert>
    );
  }
  return (
    <Table
      variant="embedded"
      loading={meetings.isPending}
      loadingText={clientDetailMessages.meetingsLoading}
      items={meetings.data ?? []}
      trackBy="uuid"
      wrapLines
      columnDefinitions={[
        {
          id: 'planning',
          header: 'Planning',
          isRowHeader: true,
          cell: (meeting) => <RouterLink href={`/projets/${programId}/plannings`}>{meeting.planningName}</RouterLink>,
        },
        { id: 'phase', header: 'Phase', cell: (meeting) => phases[meeting.phase] ?? meeting.phase },
        { id: 'start', header: 'Date', cell: (meeting) => (meeting.start ? formatDateTime(meeting.start) : '—') },
        { id: 'status', header: 'Statut', cell: (meeting) => meeting.status },
        { id: 'history', header: 'Historique', cell: (meeting) => <History meeting={meeting} /> },
      ]}
      empty={<Box color="text-body-secondary">{clientDetailMessages.noPlanning}</Box>}
    />
  );
}
