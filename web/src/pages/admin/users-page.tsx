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
import { assignableRoles, type AdminUser, type UserSortField } from '../../../../shared/domain/admin-users';
import { adminUserMessages, usersPageMessages } from '../../../../shared/messages/admin';
import { accountFieldMessages } from '../../../../shared/messages/account';
import { fieldLabels } from '../../../../shared/messages/field-labels';
import { roleLabels, type Role } from '../../../../shared/domain/roles';
import { adminQueries, useCreateUserMutation } from '../../api/admin-queries';
import { errorMessage } from '../../api/api-error';
import { notify } from '../../app/notifications-store';
import { RouterLink } from '../../components/router-link';
import { CreateUserModal } from './create-user-modal';

const pageSize = 10;

/**
 * 'Administrateur / Comptes' (/admin/users, part 3 §2): server-side pages, filters (role, a search
 * on e-mail and names in any order, accent-insensitive) and a sort by every column. The name is a
 * link to the account (for the keyboard); a click anywhere on the row opens it, the spec's double
 * click (part 3 §2) included.
 */
export function UsersPage() {
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [role, setRole] = useState<Role | ''>('');
  const [search, setSearch] = useState('');
  const [sortField, setSortField] = useState<UserSortField>('lastname');
  const [descending, setDescending] = useState(false);
  const [creating, setCreating] = useState(false);
  const users = useQuery(
    adminQueries.users({
      page,
      limit: pageSize,
      role: role || undefined,
      search: search.trim() || undefined,
      sortField,
      sortOrder: descending ? 'descend' : 'ascend',
    }),
  );
  const create = useCreateUserMutation();
  const roleOptions = [{ value: '', label: usersPageMessages.allRoles }, ...assignableRoles.map((value) => ({ value, label: roleLabels[value] }))];

  return (
    <>
      <Table<AdminUser>
        variant="full-page"
        trackBy="_id"
        items={users.data?.users ?? []}
        onRowClick={({ detail }) => void navigate(`/admin/users/${detail.item._id}`)}
        loading={users.isPending}
        loadingText={usersPageMessages.loading}
        empty={users.isError ? errorMessage(users.error, adminUserMessages.paginationFailed) : usersPageMessages.empty}
        sortingColumn={{ sortingField: sortField }}
        sortingDescending={descending}
        onSortingChange={({ detail }) => {
          setSortField((detail.sortingColumn.sortingField ?? 'lastname') as UserSortField);
          setDescending(detail.isDescending ?? false);
          setPage(1);
        }}
        header={
          <Header
            variant="awsui-h1-sticky"
            description={usersPageMessages.description}
            counter={users.data ? `(${users.data.total})` : undefined}
            actions={
              <Button variant="primary" iconName="add-plus" onClick={() => setCreating(true)}>
                {usersPageMessages.addUser}
              </Button>
            }
          >
            {usersPageMessages.title}
          </Header>
        }
        filter={
          <SpaceBetween direction="horizontal" size="s">
            <Input
              type="search"
              placeholder={usersPageMessages.searchPlaceholder}
              ariaLabel={usersPageMessages.searchLabel}
              value={search}
              onChange={({ detail }) => {
                setSearch(detail.value);
                setPage(1);
              }}
            />
            <Select
              ariaLabel={usersPageMessages.roleFilter}
              selectedOption={roleOptions.find((option) => option.value === role) ?? roleOptions[0]}
              options={roleOptions}
              onChange={({ detail }) => {
                setRole((detail.selectedOption.value ?? '') as Role | '');
                setPage(1);
              }}
            />
          </SpaceBetween>
        }
        pagination={
          <Pagination
            currentPageIndex={page}
            pagesCount={Math.max(1, Math.ceil((users.data?.total ?? 0) / pageSize))}
            onChange={({ detail }) => setPage(detail.currentPageIndex)}
          />
        }
        columnDefinitions={[
          {
            id: 'lastname',
            header: fieldLabels.lastname,
            sortingField: 'lastname',
            cell: (user) => <RouterLink href={`/admin/users/${user._id}`}>{user.lastname}</RouterLink>,
          },
          { id: 'firstname', header: fieldLabels.firstname, sortingField: 'firstname', cell: (user) => user.firstname },
          { id: 'email', header: accountFieldMessages.email, sortingField: 'email', cell: (user) => user.email },
          { id: 'enterprise', header: fieldLabels.enterprise, sortingField: 'enterprise', cell: (user) => user.enterprise },
          { id: 'role', header: fieldLabels.role, sortingField: 'role', cell: (user) => roleLabels[user.role] },
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
