import { isTokenExpired } from '../../../web/src/app/jwt';
import { buildBreadcrumbs, buildNavigation, navigationHrefs } from '../../../web/src/app/navigation-config';
import { homeOf, routeAccess } from '../../../web/src/app/role-home';
import type { Role } from '../../../shared/domain/roles';
import { roleLabels } from '../../../shared/domain/roles';
import { homeAfterLogin, homeAfterRegistration, isPathAllowed } from '../../../shared/rules/role-routes';

function tokenWith(payload: object): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.signature`;
}

describe('isTokenExpired (part 1 §4 Session)', () => {
  const now = Date.UTC(2026, 2, 1, 12, 0, 0);

  it('counts a token whose exp claim is past as expired', () => {
    expect(isTokenExpired(tokenWith({ exp: now / 1000 - 1 }), now)).toBe(true);
  });

  it('keeps a token whose exp claim is ahead', () => {
    expect(isTokenExpired(tokenWith({ exp: now / 1000 + 3600 }), now)).toBe(false);
  });

  it('counts a malformed token as not expired', () => {
    expect(isTokenExpired('not-a-jwt', now)).toBe(false);
    expect(isTokenExpired('a.%%%.c', now)).toBe(false);
    expect(isTokenExpired(tokenWith({ sub: 'x' }), now)).toBe(false);
  });
});

describe('buildNavigation (part 1 §2 "Layout shared by staff screens")', () => {
  it('shows the administrator the admin entries and the admin program list', () => {
    const hrefs = navigationHrefs(buildNavigation({ role: 'administrator', runtime: 'local', currentProgram: null }));
    expect(hrefs).toEqual(expect.arrayContaining(['/admin/programmes', '/admin/users', '/amo/templates', '/dev/outbox']));
    expect(hrefs).not.toContain('/projets');
  });

  it('shows a promoter only the paths its role allows (never the local outbox: administrators only, part 1 §6)', () => {
    const hrefs = navigationHrefs(buildNavigation({ role: 'promoter', runtime: 'local', currentProgram: null }));
    expect(hrefs).toEqual(['/projets', '/promoter/plannings', '/ma-journee', '/promoter/templates']);
    expect(navigationHrefs(buildNavigation({ role: 'amo', runtime: 'local', currentProgram: null }))).not.toContain('/dev/outbox');
    expect(navigationHrefs(buildNavigation({ role: 'promoter', runtime: 'aws', currentProgram: null }))).not.toContain('/dev/outbox');
  });

  it('shows the AMO its templates and home', () => {
    const hrefs = navigationHrefs(buildNavigation({ role: 'amo', runtime: 'aws', currentProgram: null }));
    expect(hrefs).toEqual(['/accueil-amo', '/projets', '/amo/plannings', '/ma-journee', '/amo/templates']);
  });

  it("adds the current program's sub-menu when one is stored", () => {
    const id = '65a1b2c3d4e5f60718293a4b';
    const hrefs = navigationHrefs(buildNavigation({ role: 'promoter', currentProgram: { id, name: 'Les Jardins' } }));
    expect(hrefs).toEqual(
      expect.arrayContaining([`/projets/${id}/clients`, `/projets/${id}/plannings`, `/projets/${id}/visites-3d`, `/projets/${id}/parametres`]),
    );
  });

  it('hides the outbox outside the local runtime', () => {
    expect(navigationHrefs(buildNavigation({ role: 'administrator', runtime: 'aws', currentProgram: null }))).not.toContain('/dev/outbox');
  });
});

describe('buildBreadcrumbs (part 1 §2 breadcrumb labels)', () => {
  it('maps the segments to their French labels and shows the stored program name for its id', () => {
    const id = '65a1b2c3d4e5f60718293a4b';
    expect(buildBreadcrumbs(`/projets/${id}/plannings/nouveau`, { id, name: 'Les Jardins' }).map((crumb) => crumb.text)).toEqual([
      'Livrea',
      'Programmes',
      'Les Jardins',
      'Plannings',
      'Nouveau',
    ]);
  });

  it("a planning's detail page sits under the program's plannings list", () => {
    const id = '65a1b2c3d4e5f60718293a4b';
    const crumbs = buildBreadcrumbs(`/projets/${id}/plannings-libres/75a1b2c3d4e5f60718293a4c`, { id, name: 'Les Jardins' });
    expect(crumbs.map((crumb) => crumb.text)).toEqual(['Livrea', 'Programmes', 'Les Jardins', 'Plannings', 'Planning libre']);
    expect(crumbs[3].href).toBe(`/projets/${id}/plannings`);
  });

  it('skips the namespaces and labels the admin pages', () => {
    expect(buildBreadcrumbs('/admin/logs/trends', null).map((crumb) => crumb.text)).toEqual(['Livrea', 'Logs', 'Tendances']);
    expect(buildBreadcrumbs('/amo/templates/help', null).map((crumb) => crumb.text)).toEqual(['Livrea', 'Modèles', "Mode d'emploi"]);
  });

  it('part 3 §2: a record shows its name once its page loaded it, else what it is, never its raw id; every part in French', () => {
    const names = new Map([
      ['c9a08d4b2f1e3a5b6c7d8e9f', 'Léa Dubois'],
      ['dec0aaaabbbbccccddddeee1', 'Jardins Promotion SAS'],
      ['5c8f624e-1111-4222-8333-944455556666', 'Lot A001'],
    ]);
    const text = (path: string, named = true) => buildBreadcrumbs(path, null, named ? (id) => names.get(id) : undefined).map((crumb) => crumb.text);
    expect(text('/admin/users/c9a08d4b2f1e3a5b6c7d8e9f')).toEqual(['Livrea', 'Comptes', 'Léa Dubois']);
    expect(text('/admin/users/c9a08d4b2f1e3a5b6c7d8e9f', false)).toEqual(['Livrea', 'Comptes', 'Compte']);
    expect(text('/admin/facturation/entities/dec0aaaabbbbccccddddeee1')).toEqual(['Livrea', 'Facturation', 'Entités', 'Jardins Promotion SAS']);
    expect(text('/admin/facturation/entities/dec0aaaabbbbccccddddeee1', false)).toEqual(['Livrea', 'Facturation', 'Entités', 'Entité']);
    const housing = buildBreadcrumbs('/logement/5c8f624e-1111-4222-8333-944455556666/documents', null, (id) => names.get(id));
    expect(housing.map((crumb) => crumb.text)).toEqual(['Livrea', 'Mes logements', 'Lot A001', 'Documents']);
    expect(housing[1].href).toBe('/accueil-acquereur');
    for (const page of ['actualite', 'tmas', 'choix', 'messages', 'chantier', 'foire-aux-questions']) {
      expect(text(`/logement/5c8f624e-1111-4222-8333-944455556666/${page}`, false)).not.toContain(page);
    }
    expect(text('/projets/65a1b2c3d4e5f60718293a4b/messages', false)).toEqual(['Livrea', 'Programmes', 'Programme', 'Messages']);
  });

  it("part 3 §2: /admin/permissions/users reads as the menu names it: 'Permissions › Utilisateurs'", () => {
    expect(buildBreadcrumbs('/admin/permissions/users', null).map((crumb) => crumb.text)).toEqual(['Livrea', 'Permissions', 'Utilisateurs']);
    expect(buildBreadcrumbs('/admin/permissions/programs', null).map((crumb) => crumb.text)).toEqual(['Livrea', 'Permissions', 'Programmes']);
    const menu = buildNavigation({ role: 'administrator', currentProgram: null });
    const permissions = JSON.stringify(menu);
    expect(permissions).toContain('{"type":"link","text":"Utilisateurs","href":"/admin/permissions/users"}');
  });
});

describe('role labels and allow-lists (part 1 §6 "Roles and permissions")', () => {
  it('labels the six roles in French', () => {
    expect(roleLabels).toEqual({
      administrator: 'Administrateur',
      promoter: 'Promoteur',
      amo: 'AMO',
      moderator: 'Modérateur',
      customer: 'Acquéreur',
      anonymousUser: 'Invité',
    });
  });

  const allowedByRole: Record<Role, { allowed: string[]; denied: string[] }> = {
    anonymousUser: { allowed: ['/', '/register', '/login', '/reset-password'], denied: ['/projets', '/profile', '/accueil-acquereur', '/admin/users'] },
    customer: {
      allowed: ['/accueil-acquereur', '/logout', '/logement/abc/actualite', '/rgpd', '/aide'],
      denied: ['/projets', '/promoter/plannings', '/admin/programmes', '/accueil'],
    },
    promoter: {
      allowed: [
        '/promoter/plannings',
        '/promoter/templates',
        '/promoter/templates/nouveau',
        '/amo/templates/help',
        '/projets',
        '/projets/65a1b2c3d4e5f60718293a4b/clients',
        '/profile',
        '/program-edit',
        '/logout',
      ],
      denied: ['/amo/templates', '/amo/programmes', '/admin/programmes', '/accueil-acquereur', '/visites'],
    },
    moderator: { allowed: ['/accueil', '/visites', '/profile', '/logout'], denied: ['/projets', '/promoter/plannings', '/admin/users', '/accueil-acquereur'] },
    amo: {
      allowed: [
        '/profile',
        '/logout',
        '/amo/programmes',
        '/promoter/plannings',
        '/amo/templates',
        '/amo/templates/nouveau',
        '/amo/templates/help',
        '/projets',
        '/accueil-amo',
      ],
      denied: ['/promoter/templates', '/admin/users', '/accueil', '/accueil-acquereur'],
    },
    administrator: {
      allowed: [
        '/admin/programmes',
        '/profile',
        '/admin/visites',
        '/admin/plannings',
        '/admin/users',
        '/admin/permissions/users',
        '/admin/permissions/programs',
        '/admin/facturation/entities',
        '/admin/facturation/plannings',
        '/admin/logs/rdvs',
        '/admin/logs/trends',
        '/admin/logs/visites',
        '/amo/templates',
        '/projets',
        '/logout',
      ],
      denied: ['/promoter/templates', '/accueil-acquereur', '/accueil'],
    },
  };

  it.each(Object.entries(allowedByRole))('%s: the allow-list lets its paths through and no others', (role, { allowed, denied }) => {
    for (const path of allowed) expect([path, isPathAllowed(role as Role, path)]).toEqual([path, true]);
    for (const path of denied) expect([path, isPathAllowed(role as Role, path)]).toEqual([path, false]);
  });

  it('an entry does not open paths that only share its prefix', () => {
    expect(isPathAllowed('customer', '/logement-autre')).toBe(false);
    expect(isPathAllowed('promoter', '/projetsX')).toBe(false);
  });
});

describe('redirects by role (part 1 §2 "Redirects after login", part 3 §2 "Routing by role")', () => {
  it('after login: administrator to /admin/programmes, promoter and amo to /projets, customer to /accueil-acquereur, others to /', () => {
    expect(homeAfterLogin('administrator')).toBe('/admin/programmes');
    expect(homeAfterLogin('promoter')).toBe('/projets');
    expect(homeAfterLogin('amo')).toBe('/projets');
    expect(homeAfterLogin('customer')).toBe('/accueil-acquereur');
    expect(homeAfterLogin('moderator')).toBe('/');
  });

  it('after registration: administrator and promoter to /projets, customer to /accueil-acquereur, amo to /accueil-amo', () => {
    expect(homeAfterRegistration('administrator')).toBe('/projets');
    expect(homeAfterRegistration('promoter')).toBe('/projets');
    expect(homeAfterRegistration('customer')).toBe('/accueil-acquereur');
    expect(homeAfterRegistration('amo')).toBe('/accueil-amo');
  });

  it('/ sends each role to its home and a visitor to /login', () => {
    expect(homeOf('administrator')).toBe('/admin/programmes');
    expect(homeOf('promoter')).toBe('/projets');
    expect(homeOf('amo')).toBe('/projets');
    expect(homeOf('customer')).toBe('/accueil-acquereur');
    expect(homeOf('moderator')).toBe('/accueil');
    expect(homeOf('anonymousUser')).toBe('/login');
  });
});

describe('routeAccess (part 3 §2 "General routing rules")', () => {
  it('a guarded route the role may not use redirects to /login', () => {
    expect(routeAccess('promoter', '/admin/users')).toBe('login');
    expect(routeAccess('customer', '/projets')).toBe('login');
    expect(routeAccess('anonymousUser', '/profile')).toBe('login');
  });

  it('an unknown route shows the not-found page to a signed-in user of any role', () => {
    for (const role of ['administrator', 'promoter', 'amo', 'moderator', 'customer'] as const) {
      expect([role, routeAccess(role, '/nimporte/quoi')]).toEqual([role, 'not-found']);
    }
  });

  it('a visitor who is not signed in goes to /login for an unknown route too', () => {
    expect(routeAccess('anonymousUser', '/nimporte/quoi')).toBe('login');
  });

  it('an allowed route is let through', () => {
    expect(routeAccess('administrator', '/admin/page-inexistante')).toBe('allowed');
    expect(routeAccess('moderator', '/accueil')).toBe('allowed');
  });
});
