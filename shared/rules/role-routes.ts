import type { Role } from '../domain/roles';

/**
 * Route allow-lists by role (part 1 §6 and part 3 §2 "Routing by role"). A path is allowed when it
 * equals an entry or starts with an entry followed by '/'. Public pages (booking, viewer, login…)
 * are open to everyone and not listed here.
 */
const publicPaths = ['/login', '/register', '/reset-password', '/entrevue', '/immersion', '/vv', '/pview', '/print', '/rgpd', '/aide'];

export const roleAllowedPaths: Record<Role, string[]> = {
  anonymousUser: ['/register', '/'],
  customer: ['/', '/accueil-acquereur', '/logement', '/logout', '/profile', '/rgpd', '/aide'],
  promoter: [
    '/',
    '/promoter/plannings',
    '/promoter/templates',
    '/amo/templates/help',
    '/projets',
    '/profile',
    '/program-edit',
    '/logout',
    '/rgpd',
    '/aide',
    // Attendance on the day (docs/user-guide.md « Présences »)
    '/ma-journee',
  ],
  moderator: ['/', '/accueil', '/visites', '/profile', '/logout', '/rgpd', '/aide'],
  amo: [
    '/',
    '/profile',
    '/logout',
    '/amo',
    '/amo/programmes',
    '/promoter/plannings',
    '/amo/templates',
    '/projets',
    '/accueil-amo',
    '/rgpd',
    '/aide',
    // part 2 §2.9: the cross-program plannings list under the AMO's path (part 1 §2 menus)
    '/amo/plannings',
    // Attendance on the day (docs/user-guide.md « Présences »)
    '/ma-journee',
  ],
  administrator: [
    '/',
    '/accueil-administrateur',
    '/profile',
    '/admin',
    '/projets',
    '/amo/templates',
    '/promoter/plannings',
    // The local outbox shows every mail, reset links included: administrators only.
    '/logout',
    '/rgpd',
    '/aide',
    '/dev',
    // Attendance on the day (docs/user-guide.md « Présences »)
    '/ma-journee',
  ],
};

function matches(path: string, entry: string): boolean {
  if (entry === '/') return path === '/';
  return path === entry || path.startsWith(`${entry}/`);
}

function isPublicPath(path: string): boolean {
  return publicPaths.some((entry) => matches(path, entry));
}

export function isPathAllowed(role: Role, path: string): boolean {
  return isPublicPath(path) || roleAllowedPaths[role].some((entry) => matches(path, entry));
}

/** The staff template pages, under the promoter's path and the AMO's (part 3 §2). */
const templateBases = ['/promoter/templates', '/amo/templates'];

/**
 * The same page under the role's own path, when the path asked is its twin under another staff
 * role's: an administrator's templates are under /amo/templates (part 3 §2: administrators use the
 * staff screens), so /promoter/templates/nouveau opens /amo/templates/nouveau rather than /login.
 * Undefined when the path has no twin the role may use.
 */
export function ownTwinPath(role: Role, path: string): string | undefined {
  const base = templateBases.find((entry) => matches(path, entry));
  if (!base) return undefined;
  const rest = path.slice(base.length);
  return templateBases.map((other) => `${other}${rest}`).find((twin) => twin !== path && isPathAllowed(role, twin));
}

/** Where each role lands after login (part 1 §2). */
export function homeAfterLogin(role: Role): string {
  switch (role) {
    case 'administrator':
      return '/admin/programmes';
    case 'promoter':
    case 'amo':
      return '/projets';
    case 'customer':
      return '/accueil-acquereur';
    default:
      return '/';
  }
}

/** Where each role lands after registration (part 1 §2). */
export function homeAfterRegistration(role: Role): string {
  switch (role) {
    case 'administrator':
    case 'promoter':
      return '/projets';
    case 'customer':
      return '/accueil-acquereur';
    case 'amo':
      return '/accueil-amo';
    default:
      return '/';
  }
}
