import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Multiselect from '@cloudscape-design/components/multiselect';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { adminQueries, useUserPermissionsMutation, type UserPermissionRow } from '../../api/admin-queries';
import { errorMessage } from '../../api/api-error';
import { notify } from '../../app/notifications-store';

/** User permissions (/admin/permissions/users, part 3 §2): each AMO and the programs it is authorized over, editable. */
export function UserPermissionsPage() {
  const rows = useQuery(adminQueries.userPermissions());
  const programs = useQuery(adminQueries.programPermissions());
  const save = useUserPermissionsMutation();
  const [editing, setEditing] = useState<{ id: string; authorized: string[] } | null>(null);
  const options = (programs.data ?? []).map((program) => ({ value: program._id, label: program.name }));

  return (
    <Table<UserPermissionRow>
      variant="full-page"
      trackBy="_id"
      items={rows.data ?? []}
      loading={rows.isPending}
      loadingText="Chargement des utilisateurs"
      empty={rows.isError ? 'Erreur Lors du chargement' : 'Aucun AMO'}
      header={<Header variant="awsui-h1-sticky" counter={rows.data ? `(${rows.data.length})` : undefined}>Permissions des utilisateurs</Header>}
      columnDefinitions={[
        { id: 'name', header: 'Utilisateur', cell: (row) => row.name },
        { id: 'email', header: 'Email', cell: (row) => row.email },
        {
          id: 'authorized',
          header: 'Programmes autorisés',
          cell: (row) =>
            editing?.id === row._id ? (
              <Multiselect
                selectedOptions={options.filter((option) => editing.authorized.includes(option.value))}
                options={options}
                onChange={({ detail }) => setEditing({ id: row._id, authorized: detail.selectedOptions.map((option) => option.value!) })}
              />
            ) : (
              row.authorized.map((program) => program.name).join(', ') || '—'
            ),
        },
        {
          id: 'actions',
          header: 'Actions',
          cell: (row) =>
            editing?.id === row._id ? (
              <SpaceBetween direction="horizontal" size="xs">
                <Button
                  variant="primary"
                  loading={save.isPending}
                  onClick={() =>
                    save.mutate(editing, {
                      onSuccess: ({ message }) => {
                        setEditing(null);
                        notify({ type: 'success', content: message });
                      },
                      onError: (error) => notify({ type: 'error', content: errorMessage(error) }),
                    })
                  }
                >
                  Enregistrer
                </Button>
                <Button onClick={() => setEditing(null)}>Annuler</Button>
              </SpaceBetween>
            ) : (
              <Button disabled={!!editing} ariaLabel={`Modifier ${row.name}`} onClick={() => setEditing({ id: row._id, authorized: row.authorized.map((program) => program._id) })}>
                Modifier
              </Button>
            ),
        },
      ]}
    />
  );
}
