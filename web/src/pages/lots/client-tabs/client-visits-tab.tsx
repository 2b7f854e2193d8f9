import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Link from '@cloudscape-design/components/link';
import Table from '@cloudscape-design/components/table';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../api/api-error';
import { visitQueries } from '../../../api/virtual-visit-queries';
import { formatDateTime } from '../../../components/format-date';

/** The client detail's Visites Virtuelles tab (part 2 §2.2): the buyer's virtual-visit links (part 1 §2, part 3 §2). */
export function ClientVisitsTab({ programId, clientId }: { programId: string; clientId: string }) {
  const visits = useQuery(visitQueries.client(programId, clientId));
  if (visits.isError) {
    return (
      <Alert type="error" action={<Button onClick={() => void visits.refetch()}>Réessayer</Button>}>
        {errorMessage(visits.error)}
      </Alert>
    );
  }
  return (
    <Table
      variant="embedded"
      loading={visits.isPending}
      loadingText="Chargement des visites virtuelles"
      items={visits.data ?? []}
      trackBy="uuid"
      columnDefinitions={[
        { id: 'name', header: 'Nom', isRowHeader: true, cell: (visit) => visit.name },
        {
          id: 'link',
          header: 'Lien',
          cell: (visit) => <Link href={`/immersion/${visit.uuid}`} external externalIconAriaLabel="(nouvel onglet)">{`/immersion/${visit.uuid}`}</Link>,
        },
        { id: 'end', header: "Valable jusqu'au", cell: (visit) => formatDateTime(visit.endDate, 'dd/MM/yyyy') },
      ]}
      empty={<Box color="text-body-secondary">Aucune visite virtuelle pour ce client.</Box>}
    />
  );
}
