import Button from '@cloudscape-design/components/button';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { visitQueries } from '../../api/virtual-visit-queries';
import { CreatePromoterModal } from './create-promoter-modal';
import { CreateVisitModal } from './create-visit-modal';
import { PromotersModal } from './promoters-modal';
import { VisitsTable } from './visits-table';
import { visitTableMessages } from '../../../../shared/messages/virtual-visit-pages';

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
        title={visitTableMessages.adminTitle}
        description={visitTableMessages.adminDescription}
        visits={visits.data}
        loading={visits.isPending && !visits.isError}
        empty={visits.isError ? visitTableMessages.adminLoadFailed : visitTableMessages.adminEmpty}
        actions={
          <>
            <Button onClick={() => setDialog('promoters')}>{visitTableMessages.managePromoters}</Button>
            <Button onClick={() => setDialog('promoter')}>{visitTableMessages.addPromoter}</Button>
            <Button variant="primary" iconName="add-plus" onClick={() => setDialog('visit')}>
              {visitTableMessages.addVisit}
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
