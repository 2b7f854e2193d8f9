import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Multiselect from '@cloudscape-design/components/multiselect';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { adminScreenMessages, permissionsPageMessages } from '../../../../shared/messages/admin';
import { controlMessages } from '../../../../shared/messages/controls';
import { fieldLabels } from '../../../../shared/messages/field-labels';
import { adminQueries, useProgramPermissionsMutation, type ProgramPermissionRow } from '../../api/admin-queries';
import { errorMessage } from '../../api/api-error';
import { programQueries } from '../../api/program-queries';
import { notify } from '../../app/notifications-store';
import { ConfirmModal } from '../../components/confirm-modal';

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
      onError: (error) => notify({ type: 'error', content: permissionsPageMessages.saveFailed(errorMessage(error)) }),
    });
  };

  return (
    <>
      <Table<ProgramPermissionRow>
        variant="full-page"
        trackBy="_id"
        items={rows.data ?? []}
        loading={rows.isPending}
        loadingText={permissionsPageMessages.programsLoading}
        empty={rows.isError ? adminScreenMessages.loadError : permissionsPageMessages.noProgram}
        header={
          <Header variant="awsui-h1-sticky" counter={rows.data ? `(${rows.data.length})` : undefined}>
            {permissionsPageMessages.programsTitle}
          </Header>
        }
        columnDefinitions={[
          { id: 'name', header: fieldLabels.program, cell: (row) => row.name },
          { id: 'owner', header: permissionsPageMessages.owner, cell: (row) => row.owner.name },
          {
            id: 'authorized',
            header: permissionsPageMessages.authorizedUsers,
            cell: (row) =>
              editing?.id === row._id ? (
                <Multiselect
                  placeholder={permissionsPageMessages.chooseAmos}
                  ariaLabel={permissionsPageMessages.authorizedUsersOn(row.name)}
                  // The list opens over the page, not inside the table's cell (which clipped it to a
                  // few pixels and closed it on the first click).
                  expandToViewport
                  filteringType="auto"
                  filteringAriaLabel={permissionsPageMessages.filterAmos}
                  filteringPlaceholder={permissionsPageMessages.searchAmo}
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
            header: controlMessages.actions,
            cell: (row) =>
              editing?.id === row._id ? (
                <SpaceBetween direction="horizontal" size="xs">
                  <Button variant="primary" onClick={submit} loading={save.isPending}>
                    {controlMessages.save}
                  </Button>
                  <Button onClick={() => setCancelling(true)}>{controlMessages.cancel}</Button>
                </SpaceBetween>
              ) : (
                <Button
                  disabled={!!editing}
                  ariaLabel={adminScreenMessages.editRow(row.name)}
                  onClick={() => setEditing({ id: row._id, authorized: row.authorized.map((person) => person._id) })}
                >
                  {controlMessages.edit}
                </Button>
              ),
          },
        ]}
      />
      {cancelling && (
        <ConfirmModal
          header={permissionsPageMessages.cancelConfirmTitle}
          confirmLabel={permissionsPageMessages.cancelConfirm}
          onDismiss={() => setCancelling(false)}
          onConfirm={() => {
            setCancelling(false);
            setEditing(null);
          }}
        >
          {permissionsPageMessages.cancelConfirmText}
        </ConfirmModal>
      )}
    </>
  );
}
