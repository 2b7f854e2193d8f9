import Button from '@cloudscape-design/components/button';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { visitQueries } from '../../api/virtual-visit-queries';
import { CreatePromoterModal } from './create-promoter-modal';
import { CreateVisitModal } from './create-visit-modal';
import { PromotersModal } from './promoters-modal';
import { VisitsTable } from './visits-table';

type Dialog = 'visit' | 'promoter' | 'promoters' | null;

/**
 * Virtual-visit administration (part 3 §2): /admin/visites for administrators, /visites for
 * moderators. The list of visits with add visit, add promoter and manage promoters.
 */
export function AdminVisitsPage() {
  const visits = useQuery(visitQueries.admin());
  const promoters = useQuery(visitQueries.promoters());
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);

  return (
    <>
      <VisitsTable
        title="Visites virtuelles"
        description="Les liens /immersion envoyés aux acquéreurs : statut, vues et notification."
        visits={visits.data}
        loading={visits.isPending && !visits.isError}
        empty={visits.isError ? 'Erreur lors du chargement des visites' : 'Aucune visite'}
        actions={
          <>
            <Button onClick={() => setDialog('promoters')}>Gérer les promoteurs</Button>
            <Button onClick={() => setDialog('promoter')}>Ajouter un promoteur</Button>
            <Button variant="primary" iconName="add-plus" onClick={() => setDialog('visit')}>
              Ajouter une visite
            </Button>
          </>
        }
      />
      {dialog === 'visit' && <CreateVisitModal promoters={promoters.data ?? []} onDismiss={close} />}
      {dialog === 'promoter' && <CreatePromoterModal onDismiss={close} />}
      {dialog === 'promoters' && <PromotersModal promoters={promoters.data ?? []} loadError={promoters.isError} onDismiss={close} />}
    </>
  );
}
