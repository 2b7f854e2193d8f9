import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Pagination from '@cloudscape-design/components/pagination';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { adminUserMessages, assignableRoles, type AdminUser } from '../../../../shared/domain/admin-users';
import { roleLabels, type Role } from '../../../../shared/domain/roles';
import { adminQueries, useCreateUserMutation } from '../../api/admin-queries';
import { errorMessage } from '../../api/api-error';
import { notify } from '../../app/notifications-store';
import { CreateUserModal } from './create-user-modal';

const pageSize = 10;

/**
 * 'Administrateur / Comptes' (/admin/users, part 3 §2): server-side pages, filters (role, start of
 * the last name) and sort by last name; double-clicking a row opens the account.
 */
export function UsersPage() {
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [role, setRole] = useState<Role | ''>('');
  const [lastname, setLastname] = useState('');
  const [descending, setDescending] = useState(false);
  const [creating, setCreating] = useState(false);
  const users = useQuery(adminQueries.users({ page, limit: pageSize, role: role || undefined, lastname: lastname.trim() || undefined, sortOrder: descending ? 'descend' : 'ascend' }));
  const create = useCreateUserMutation();
  const roleOptions = [{ value: '', label: 'Tous les rôles' }, ...assignableRoles.map((value) => ({ value, label: roleLabels[value] }))];

  return (
    <>
      <Table<AdminUser>
        variant="full-page"
        trackBy="_id"
        items={users.data?.users ?? []}
        loading={users.isPending}
        loadingText="Chargement des comptes"
        empty={users.isError ? errorMessage(users.error, adminUserMessages.paginationFailed) : 'Aucun compte'}
        sortingColumn={{ sortingField: 'lastname' }}
        sortingDescending={descending}
        onSortingChange={({ detail }) => {
          setDescending(detail.isDescending ?? false);
          setPage(1);
        }}
        header={
          <Header
            variant="awsui-h1-sticky"
            counter={users.data ? `(${users.data.total})` : undefined}
            actions={
              <Button variant="primary" iconName="add-plus" onClick={() => setCreating(true)}>
                Ajouter un utilisateur
              </Button>
            }
          >
            Administrateur / Comptes
          </Header>
        }
        filter={
          <SpaceBetween direction="horizontal" size="s">
            <Input
              type="search"
              placeholder="Nom commençant par…"
              ariaLabel="Filtrer par nom"
              value={lastname}
              onChange={({ detail }) => {
                setLastname(detail.value);
                setPage(1);
              }}
            />
            <Select
              selectedOption={roleOptions.find((option) => option.value === role) ?? roleOptions[0]}
              options={roleOptions}
              onChange={({ detail }) => {
                setRole((detail.selectedOption.value ?? '') as Role | '');
                setPage(1);
              }}
            />
          </SpaceBetween>
        }
        pagination={<Pagination currentPageIndex={page} pagesCount={Math.max(1, Math.ceil((users.data?.total ?? 0) / pageSize))} onChange={({ detail }) => setPage(detail.currentPageIndex)} />}
        columnDefinitions={[
          { id: 'lastname', header: 'Nom', sortingField: 'lastname', cell: (user) => <span onDoubleClick={() => navigate(`/admin/users/${user._id}`)}>{user.lastname}</span> },
          { id: 'firstname', header: 'Prénom', cell: (user) => user.firstname },
          { id: 'email', header: 'Email', cell: (user) => user.email },
          { id: 'enterprise', header: 'Entreprise', cell: (user) => user.enterprise },
          { id: 'role', header: 'Rôle', cell: (user) => roleLabels[user.role] },
          { id: 'open', header: 'Fiche', cell: (user) => <Button variant="inline-link" ariaLabel={`Ouvrir ${user.firstname} ${user.lastname}`} onClick={() => navigate(`/admin/users/${user._id}`)}>Ouvrir</Button> },
        ]}
      />
      {creating && (
        <CreateUserModal
          pending={create.isPending}
          onDismiss={() => setCreating(false)}
          onSubmit={(user) =>
            create.mutate(user, {
              onSuccess: ({ message }) => {
                setCreating(false);
                notify({ type: 'success', content: `${message} : ${user.email}` });
              },
              onError: (error) => notify({ type: 'error', content: errorMessage(error, adminUserMessages.createFailed) }),
            })
          }
        />
      )}
    </>
  );
}
