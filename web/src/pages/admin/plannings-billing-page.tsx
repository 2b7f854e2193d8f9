import Header from '@cloudscape-design/components/header';
import Select from '@cloudscape-design/components/select';
import Table from '@cloudscape-design/components/table';
import { useQuery } from '@tanstack/react-query';
import { adminQueries, usePlanningEntityMutation, type BillingPlanning } from '../../api/admin-queries';
import { errorMessage } from '../../api/api-error';
import { notify } from '../../app/notifications-store';
import { formatDateTime } from '../../components/format-date';
import { useClientTablePaging } from '../../components/client-table-paging';

/**
 * Plannings billing (/admin/facturation/plannings and /admin/plannings, part 3 §2): every planning
 * with its program, promoter, phase, participants, start and billing entity, editable inline.
 */
export function PlanningsBillingPage() {
  const plannings = useQuery(adminQueries.plannings());
  const entities = useQuery(adminQueries.entities());
  const change = usePlanningEntityMutation();
  const items = plannings.data?.plannings ?? [];
  const paging = useClientTablePaging(items);
  const options = [{ value: '', label: 'Aucune' }, ...(entities.data ?? []).map((entity) => ({ value: entity._id, label: entity.raisonsociale }))];

  return (
    <Table<BillingPlanning>
      variant="full-page"
      trackBy="_id"
      items={paging.pageItems}
      loading={plannings.isPending}
      loadingText="Chargement des plannings"
      empty={plannings.isError ? 'Erreur lors du chargement des plannings' : 'Aucun planning'}
      header={
        <Header variant="awsui-h1-sticky" counter={`(${items.length})`}>
          Facturation des plannings
        </Header>
      }
      pagination={paging.pagination}
      preferences={paging.preferences}
      columnDefinitions={[
        { id: 'name', header: 'Planning', cell: (planning) => planning.name },
        { id: 'program', header: 'Programme', cell: (planning) => planning.projectName },
        { id: 'promoter', header: 'Promoteur', cell: (planning) => planning.promoter },
        { id: 'phase', header: 'Phase', cell: (planning) => planning.phaseLabel },
        { id: 'participants', header: 'Participants', cell: (planning) => planning.participants },
        { id: 'start', header: 'Début', cell: (planning) => formatDateTime(planning.planningStartTime) },
        {
          id: 'entity',
          header: 'Entité de facturation',
          minWidth: 220,
          cell: (planning) => (
            <Select
              selectedOption={options.find((option) => option.value === (planning.invoiceEntity ?? '')) ?? options[0]}
              options={options}
              disabled={change.isPending}
              onChange={({ detail }) =>
                change.mutate(
                  { id: planning._id, invoiceEntity: detail.selectedOption.value ?? '' },
                  {
                    onSuccess: () => notify({ type: 'success', content: 'Entité de facturation du planning mise à jour.' }),
                    onError: (error) => notify({ type: 'error', content: errorMessage(error, 'Erreur lors de la mise à jour du planning') }),
                  },
                )
              }
            />
          ),
        },
      ]}
    />
  );
}
