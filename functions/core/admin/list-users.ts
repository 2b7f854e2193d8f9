import type { UserListQuery, UserListResponse } from '../../../shared/domain/admin-users';
import { roleLabels } from '../../../shared/domain/roles';
import { matchesUserSearch, searchable } from '../../../shared/rules/user-search';
import { countUsers, listUserSummaries, listUsersPage, type UserSummary } from '../../data/user-admin-repository';
import { getUsersByIds, listUsersByRole } from '../../data/users-repository';
import type { Deps } from '../../runtime/deps';
import { toAdminUser } from './admin-user-view';

/**
 * GET /admin/users (part 3 §7): one page in last-name order with the total. The page is read from
 * the user index (gsi1, or gsi2 for a role): keys up to the page, then only the page's profiles;
 * the total comes from counters kept in the creation and deletion transactions, so no request
 * reads the whole table (part 3 §2).
 */
export async function listUsers(deps: Deps, query: UserListQuery): Promise<UserListResponse> {
  if (query.filters.search || query.sortField !== 'lastname') return searchUsers(deps, query);
  const request = {
    role: query.filters.role,
    lastnamePrefix: query.filters.lastname ? query.filters.lastname.toLowerCase() : undefined,
    descending: query.sortOrder === 'descend' || query.sortOrder === 'desc',
    page: query.page,
    limit: query.limit,
  };
  const [users, total] = await Promise.all([listUsersPage(deps.store, request), countUsers(deps.store, request)]);
  return { users: users.map(toAdminUser), total };
}

/**
 * A search (e-mail, first and last name in any order, accent-insensitive) or a sort by another
 * column than the index's last name: the scope's accounts are read from its index with the table's
 * columns only, matched and sorted here, then only the page's profiles are read.
 */
async function searchUsers(deps: Deps, query: UserListQuery): Promise<UserListResponse> {
  const { role, lastname, search } = query.filters;
  const descending = query.sortOrder === 'descend' || query.sortOrder === 'desc';
  const field = query.sortField;
  const valueOf = (user: UserSummary) => searchable(field === 'role' ? roleLabels[user.role] : user[field]);
  const matching = (await listUserSummaries(deps.store, role))
    .filter((user) => (!lastname || searchable(user.lastname).startsWith(searchable(lastname))) && (!search || matchesUserSearch(user, search)))
    .sort(
      (a, b) =>
        (valueOf(a).localeCompare(valueOf(b), 'fr') || searchable(a.lastname).localeCompare(searchable(b.lastname), 'fr') || a._id.localeCompare(b._id)) *
        (descending ? -1 : 1),
    );
  const ids = matching.slice((query.page - 1) * query.limit, query.page * query.limit).map((user) => user._id);
  const byId = new Map((await getUsersByIds(deps.store, ids)).map((user) => [user._id, user]));
  return { users: ids.flatMap((id) => (byId.has(id) ? [toAdminUser(byId.get(id)!)] : [])), total: matching.length };
}

/**
 * GET /admin/users/business: the accounts an invoicing entity can belong to (promoters), the
 * entity form's promoter choice.
 */
export async function listBusinessUsers(deps: Deps): Promise<{ _id: string; firstname: string; lastname: string; enterprise: string; email: string }[]> {
  const promoters = await listUsersByRole(deps.store, 'promoter');
  return promoters.map(({ _id, firstname, lastname, enterprise, email }) => ({ _id, firstname, lastname, enterprise, email }));
}
