import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { visitQueries } from '../../api/virtual-visit-queries';
import { visitFailureMessages } from './visit-failure-messages';
import { VisitsTable } from './visits-table';

/** Program virtual visits /projets/{id}/visites-3d (part 3 §2): the buyers' visits with bulk delete. */
export function ProgramVisitsPage() {
  const { programId = '' } = useParams();
  const visits = useQuery(visitQueries.program(programId));
  return (
    <VisitsTable
      title="Visites 3D"
      description="Les visites virtuelles des acquéreurs du programme, créées depuis les plannings."
      visits={visits.data}
      loading={visits.isPending && !visits.isError}
      showLot
      empty={visitFailureMessages.programVisitsEmpty(visits.isError)}
    />
  );
}
