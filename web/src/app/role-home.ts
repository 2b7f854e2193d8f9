import type { Role } from '../../../shared/domain/roles';
import { homeAfterLogin } from '../../../shared/rules/role-routes';

/**
 * Where `/` sends each role (part 3 §2): administrator → /admin/programmes, promoter and AMO →
 * /projets, customer → /accueil-acquereur, moderator → /accueil (its home).
 */
export function homeOf(role: Role): string {
  if (role === 'moderator') return '/accueil';
  if (role === 'anonymousUser') return '/login';
  return homeAfterLogin(role);
}
