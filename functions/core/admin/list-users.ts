import type { UserListQuery, UserListResponse } from '../../../shared/domain/admin-users';
import { countUsers, listUsersPage } from '../../data/user-admin-repository';
import { listUsersByRole } from '../../data/users-repository';
import type { Deps } from '../../runtime/deps';
import { toAdminUser } from './admin-user-view';

/**
 * GET /admin/users (part 3 §7): one page in last-name order with the total. The page is read from
 * the user index (gsi1, or gsi2 for a role): keys up to the page, then only the page's profiles;
 * the total comes from counters kept in the creation and deletion transactions, so no request
 * reads the whole table (issue 17 §1).
 */
export async function listUsers(deps: Deps, query: UserListQuery): Promise<UserListResponse> {
  const request = {
    role: query.filters.role,
    lastnamePrefix: query.filters.lastname ? query.filters.lastname.toLowerCase() : undefined,
    descending: query.sortOrder === 'descend' || query.sortOrder === 'desc',
    page: query.page,
    limit: query.limit,
  };
  const [users, total] = await Promise.all([listUsersPage(deps.db, request), countUsers(deps.db, request)]);
  return { users: users.map(toAdminUser), total };
}

/**
 * GET /admin/users/business: the accounts an invoicing entity can belong to (promoters), the
 * entity form's promoter choice.
 */
export async function listBusinessUsers(deps: Deps): Promise<{ _id: string; firstname: string; lastname: string; enterprise: string; email: string }[]> {
  const promoters = await listUsersByRole(deps.db, 'promoter');
  return promoters.map(({ _id, firstname, lastname, enterprise, email }) => ({ _id, firstname, lastname, enterprise, email }));
}
