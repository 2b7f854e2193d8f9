import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Multiselect from '@cloudscape-design/components/multiselect';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { roleLabels } from '../../../../shared/domain/roles';
import { accountFieldMessages } from '../../../../shared/messages/account';
import { adminScreenMessages, permissionsPageMessages } from '../../../../shared/messages/admin';
import { controlMessages } from '../../../../shared/messages/controls';
import { fieldLabels } from '../../../../shared/messages/field-labels';
import { pageTitles } from '../../../../shared/messages/navigation';
import { adminQueries, useUserPermissionsMutation, type UserPermissionRow } from '../../api/admin-queries';
import { errorMessage } from '../../api/api-error';
import { notify } from '../../app/notifications-store';

const programNames = (row: UserPermissionRow) =>
  [...row.owned.map((program) => permissionsPageMessages.ownedProgram(program.name)), ...row.authorized.map((program) => program.name)].join(', ') || '—';

/**
 * User permissions (/admin/permissions/users, part 3 §2): every account that holds program
 * permissions and the programs it reaches. An AMO's authorized programs are editable; a promoter
 * reaches the programs it owns (only AMOs can be authorized on a program, part 3 §3).
 */
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
      loadingText={permissionsPageMessages.usersLoading}
      empty={rows.isError ? adminScreenMessages.loadError : permissionsPageMessages.noUser}
      header={
        <Header variant="awsui-h1-sticky" counter={rows.data ? `(${rows.data.length})` : undefined}>
          {permissionsPageMessages.usersTitle}
        </Header>
      }
      columnDefinitions={[
        { id: 'name', header: pageTitles.user, cell: (row) => row.name },
        { id: 'role', header: fieldLabels.role, cell: (row) => roleLabels[row.role] },
        { id: 'email', header: accountFieldMessages.email, cell: (row) => row.email },
        {
          id: 'authorized',
          header: permissionsPageMessages.authorizedPrograms,
          cell: (row) =>
            editing?.id === row._id ? (
              <Multiselect
                placeholder={permissionsPageMessages.choosePrograms}
                ariaLabel={permissionsPageMessages.authorizedProgramsOf(row.name)}
                // Over the page, not clipped inside the table's cell.
                expandToViewport
                filteringType="auto"
                filteringAriaLabel={permissionsPageMessages.filterPrograms}
                filteringPlaceholder={permissionsPageMessages.searchProgram}
                selectedOptions={options.filter((option) => editing.authorized.includes(option.value))}
                options={options}
                onChange={({ detail }) => setEditing({ id: row._id, authorized: detail.selectedOptions.map((option) => option.value!) })}
              />
            ) : (
              programNames(row)
            ),
        },
        {
          id: 'actions',
          header: controlMessages.actions,
          cell: (row) =>
            row.role !== 'amo' ? (
              permissionsPageMessages.owner
            ) : editing?.id === row._id ? (
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
                  {controlMessages.save}
                </Button>
                <Button onClick={() => setEditing(null)}>{controlMessages.cancel}</Button>
              </SpaceBetween>
            ) : (
              <Button
                disabled={!!editing}
                ariaLabel={adminScreenMessages.editRow(row.name)}
                onClick={() => setEditing({ id: row._id, authorized: row.authorized.map((program) => program._id) })}
              >
                {controlMessages.edit}
              </Button>
            ),
        },
      ]}
    />
  );
}
