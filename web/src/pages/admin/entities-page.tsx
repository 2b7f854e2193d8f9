import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { invoiceEntityCreateSchema } from '../../../../shared/domain/invoice-entity';
import { adminScreenMessages, entitiesPageMessages } from '../../../../shared/messages/admin';
import { controlMessages } from '../../../../shared/messages/controls';
import { fieldLabels } from '../../../../shared/messages/field-labels';
import { pageTitles } from '../../../../shared/messages/navigation';
import { adminQueries, useCreateEntityMutation, type EntityRow } from '../../api/admin-queries';
import { errorMessage } from '../../api/api-error';
import { notify } from '../../app/notifications-store';
import { useClientTablePaging } from '../../components/client-table-paging';
import { EntityFormFields, fieldErrors, type EntityForm } from './entity-form-fields';

/** Invoicing entities (/admin/facturation/entities, part 3 §2): the table and its creation modal. */
export function EntitiesPage() {
  const navigate = useNavigate();
  const entities = useQuery(adminQueries.entities());
  const invoice = useQuery(adminQueries.invoice());
  const create = useCreateEntityMutation();
  const [creating, setCreating] = useState(false);
  const [form, setForm] = useState<EntityForm>({ adressepays: 'France' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const items = entities.data ?? [];
  const paging = useClientTablePaging(items);

  const submit = () => {
    const parsed = invoiceEntityCreateSchema.safeParse(form);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: ({ message }) => {
        setCreating(false);
        setForm({ adressepays: 'France' });
        notify({ type: 'success', content: message });
      },
      onError: (error) => notify({ type: 'error', content: errorMessage(error) }),
    });
  };

  return (
    <>
      <Table<EntityRow>
        variant="full-page"
        trackBy="_id"
        items={paging.pageItems}
        loading={entities.isPending}
        loadingText={adminScreenMessages.loadingEntities}
        empty={entities.isError ? controlMessages.loadFailed : entitiesPageMessages.empty}
        onRowClick={({ detail }) => void navigate(`/admin/facturation/entities/${detail.item._id}`)}
        header={
          <Header
            variant="awsui-h1-sticky"
            counter={`(${items.length})`}
            actions={
              <Button variant="primary" iconName="add-plus" onClick={() => setCreating(true)}>
                {entitiesPageMessages.newEntity}
              </Button>
            }
          >
            {pageTitles.billingEntities}
          </Header>
        }
        pagination={paging.pagination}
        preferences={paging.preferences}
        columnDefinitions={[
          {
            id: 'raisonsociale',
            header: fieldLabels.raisonsociale,
            cell: (entity) => (
              <Button variant="inline-link" onClick={() => void navigate(`/admin/facturation/entities/${entity._id}`)}>
                {entity.raisonsociale}
              </Button>
            ),
          },
          { id: 'formejuridique', header: fieldLabels.formejuridique, cell: (entity) => entity.formejuridique.toUpperCase() },
          { id: 'siret', header: fieldLabels.siret, cell: (entity) => entity.siret },
          { id: 'ville', header: fieldLabels.adresseville, cell: (entity) => entity.adresseville },
          { id: 'credits', header: fieldLabels.credits, cell: (entity) => entity.credits },
          { id: 'used', header: entitiesPageMessages.used, cell: (entity) => invoice.data?.[entity._id]?.used ?? 0 },
        ]}
      />
      {creating && (
        <Modal
          visible
          size="large"
          header={entitiesPageMessages.newEntityTitle}
          closeAriaLabel={controlMessages.close}
          onDismiss={() => setCreating(false)}
          footer={
            <Box float="right">
              <SpaceBetween direction="horizontal" size="xs">
                <Button variant="link" onClick={() => setCreating(false)}>
                  {controlMessages.cancel}
                </Button>
                <Button variant="primary" onClick={submit} loading={create.isPending}>
                  {controlMessages.create}
                </Button>
              </SpaceBetween>
            </Box>
          }
        >
          <EntityFormFields
            form={form}
            errors={errors}
            numberLabel="SIREN"
            onChange={(field, value) => setForm((current) => ({ ...current, [field]: value }))}
          />
        </Modal>
      )}
    </>
  );
}
