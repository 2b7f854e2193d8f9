import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Multiselect from '@cloudscape-design/components/multiselect';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { adminQueries, useProgramPermissionsMutation, type ProgramPermissionRow } from '../../api/admin-queries';
import { errorMessage } from '../../api/api-error';
import { programQueries } from '../../api/program-queries';
import { notify } from '../../app/notifications-store';
import { ConfirmModal } from '../../components/confirm-modal';

const loadError = 'Erreur Lors du chargement';

/**
 * Program permissions (/admin/permissions/programs, part 3 §2, §4): one row per program (name,
 * owner, authorized users); one row in edit at a time: Edit, then Save, or Cancel after confirmation.
 */
export function ProgramPermissionsPage() {
  const rows = useQuery(adminQueries.programPermissions());
  const amos = useQuery(programQueries.amos());
  const save = useProgramPermissionsMutation();
  const [editing, setEditing] = useState<{ id: string; authorized: string[] } | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const amoOptions = (amos.data ?? []).map((amo) => ({ value: amo._id, label: `${amo.firstname} ${amo.lastname}` }));

  const submit = () => {
    if (!editing) return;
    save.mutate(editing, {
      onSuccess: ({ message }) => {
        setEditing(null);
        notify({ type: 'success', content: message });
      },
      onError: (error) => notify({ type: 'error', content: `Erreur lors de la validation des champs: ${errorMessage(error)}` }),
    });
  };

  return (
    <>
      <Table<ProgramPermissionRow>
        variant="full-page"
        trackBy="_id"
        items={rows.data ?? []}
        loading={rows.isPending}
        loadingText="Chargement des programmes"
        empty={rows.isError ? loadError : 'Aucun programme'}
        header={
          <Header variant="awsui-h1-sticky" counter={rows.data ? `(${rows.data.length})` : undefined}>
            Permissions des programmes
          </Header>
        }
        columnDefinitions={[
          { id: 'name', header: 'Programme', cell: (row) => row.name },
          { id: 'owner', header: 'Propriétaire', cell: (row) => row.owner.name },
          {
            id: 'authorized',
            header: 'Utilisateurs autorisés',
            cell: (row) =>
              editing?.id === row._id ? (
                <Multiselect
                  placeholder="Choisir des AMO"
                  ariaLabel={`Utilisateurs autorisés sur ${row.name}`}
                  // The list opens over the page, not inside the table's cell (which clipped it to a
                  // few pixels and closed it on the first click).
                  expandToViewport
                  filteringType="auto"
                  filteringAriaLabel="Filtrer les AMO"
                  filteringPlaceholder="Rechercher un AMO"
                  selectedOptions={amoOptions.filter((option) => editing.authorized.includes(option.value))}
                  options={amoOptions}
                  onChange={({ detail }) => setEditing({ id: row._id, authorized: detail.selectedOptions.map((option) => option.value!) })}
                />
              ) : (
                row.authorized.map((person) => person.name).join(', ') || '—'
              ),
          },
          {
            id: 'actions',
            header: 'Actions',
            cell: (row) =>
              editing?.id === row._id ? (
                <SpaceBetween direction="horizontal" size="xs">
                  <Button variant="primary" onClick={submit} loading={save.isPending}>
                    Enregistrer
                  </Button>
                  <Button onClick={() => setCancelling(true)}>Annuler</Button>
                </SpaceBetween>
              ) : (
                <Button
                  disabled={!!editing}
                  ariaLabel={`Modifier ${row.name}`}
                  onClick={() => setEditing({ id: row._id, authorized: row.authorized.map((person) => person._id) })}
                >
                  Modifier
                </Button>
              ),
          },
        ]}
      />
      {cancelling && (
        <ConfirmModal
          header="Annuler les modifications ?"
          confirmLabel="Oui, annuler"
          onDismiss={() => setCancelling(false)}
          onConfirm={() => {
            setCancelling(false);
            setEditing(null);
          }}
        >
          Les changements de cette ligne seront perdus.
        </ConfirmModal>
      )}
    </>
  );
}
