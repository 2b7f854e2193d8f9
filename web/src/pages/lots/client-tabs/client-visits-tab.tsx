import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Link from '@cloudscape-design/components/link';
import Table from '@cloudscape-design/components/table';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../api/api-error';
import { visitQueries } from '../../../api/virtual-visit-queries';
import { formatDateTime } from '../../../components/format-date';
import { clientDetailMessages, lotListMessages } from '../../../../../shared/messages/lot-pages';

/** The client detail's Visites Virtuelles tab (part 2 §2.2): the buyer's virtual-visit links (part 1 §2, part 3 §2). */
export function ClientVisitsTab({ programId, clientId }: { programId: string; clientId: string }) {
  const visits = useQuery(visitQueries.client(programId, clientId));
  if (visits.isError) {
    return (
      <Alert type="error" action={<Button onClick={() => void visits.refetch()}>{lotListMessages.retry}</Button>}>
        {errorMessage(visits.error)}
      </Alert>
    );
  }
  return (
    <Table
      variant="embedded"
      loading={visits.isPending}
      loadingText={clientDetailMessages.visitsLoading}
      items={visits.data ?? []}
      trackBy="uuid"
      columnDefinitions={[
        { id: 'name', header: 'Nom', isRowHeader: true, cell: (visit) => visit.name },
        {
          id: 'link',
          header: 'Lien',
          cell: (visit) => <Link href={`/immersion/${visit.uuid}`} external externalIconAriaLabel="(nouvel onglet)">{`/immersion/${visit.uuid}`}</Link>,
        },
        { id: 'end', header: clientDetailMessages.validUntil, cell: (visit) => formatDateTime(visit.endDate, 'dd/MM/yyyy') },
      ]}
      empty={<Box color="text-body-secondary">{clientDetailMessages.noVisit}</Box>}
    />
  );
}
