import type { Role } from '../../../shared/domain/roles';
import { homeAfterLogin, isPathAllowed, roleAllowedPaths } from '../../../shared/rules/role-routes';

/**
 * Where `/` sends each role (part 3 §2): administrator → /admin/programmes, promoter and AMO →
 * /projets, customer → /accueil-acquereur, moderator → /accueil (its home).
 */
export function homeOf(role: Role): string {
  if (role === 'moderator') return '/accueil';
  if (role === 'anonymousUser') return '/login';
  return homeAfterLogin(role);
}

const signedInRoles = (Object.keys(roleAllowedPaths) as Role[]).filter((role) => role !== 'anonymousUser');

/**
 * What the route guard does with a path (part 3 §2 "General routing rules"): a route of another
 * role's allow-list sends to /login ('A guarded route redirects to /login when the role is not
 * allowed'); a route no role knows is shown as the not-found page to a signed-in user ('Any unknown
 * route for a signed-in user shows a not-found page'); a visitor who is not signed in goes to /login.
 */
export function routeAccess(role: Role, path: string): 'allowed' | 'login' | 'not-found' {
  if (isPathAllowed(role, path)) return 'allowed';
  if (role === 'anonymousUser') return 'login';
  return signedInRoles.some((other) => isPathAllowed(other, path)) ? 'login' : 'not-found';
}
