import Header from '@cloudscape-design/components/header';
import Select from '@cloudscape-design/components/select';
import Table from '@cloudscape-design/components/table';
import { useQuery } from '@tanstack/react-query';
import { entitiesPageMessages } from '../../../../shared/messages/admin';
import { controlMessages } from '../../../../shared/messages/controls';
import { fieldLabels } from '../../../../shared/messages/field-labels';
import { pageTitles } from '../../../../shared/messages/navigation';
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
  const options = [{ value: '', label: controlMessages.none }, ...(entities.data ?? []).map((entity) => ({ value: entity._id, label: entity.raisonsociale }))];

  return (
    <Table<BillingPlanning>
      variant="full-page"
      trackBy="_id"
      items={paging.pageItems}
      loading={plannings.isPending}
      loadingText={entitiesPageMessages.planningsLoading}
      empty={plannings.isError ? entitiesPageMessages.planningsLoadFailed : entitiesPageMessages.noPlanning}
      header={
        <Header variant="awsui-h1-sticky" counter={`(${items.length})`}>
          {pageTitles.planningBilling}
        </Header>
      }
      pagination={paging.pagination}
      preferences={paging.preferences}
      columnDefinitions={[
        { id: 'name', header: fieldLabels.planningId, cell: (planning) => planning.name },
        { id: 'program', header: fieldLabels.program, cell: (planning) => planning.projectName },
        { id: 'promoter', header: fieldLabels.promoter, cell: (planning) => planning.promoter },
        { id: 'phase', header: fieldLabels.phase, cell: (planning) => planning.phaseLabel },
        { id: 'participants', header: entitiesPageMessages.participants, cell: (planning) => planning.participants },
        { id: 'start', header: fieldLabels.start, cell: (planning) => formatDateTime(planning.planningStartTime) },
        {
          id: 'entity',
          header: fieldLabels.invoiceEntity,
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
                    onSuccess: () => notify({ type: 'success', content: entitiesPageMessages.planningEntityUpdated }),
                    onError: (error) => notify({ type: 'error', content: errorMessage(error, entitiesPageMessages.planningUpdateFailed) }),
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
