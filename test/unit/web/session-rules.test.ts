import { isTokenExpired } from '../../../web/src/app/jwt';
import { buildBreadcrumbs, buildNavigation, navigationHrefs } from '../../../web/src/app/navigation-config';

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

  it('shows a promoter only the paths its role allows (and the local outbox when running locally)', () => {
    const hrefs = navigationHrefs(buildNavigation({ role: 'promoter', runtime: 'local', currentProgram: null }));
    expect(hrefs).toEqual(['/projets', '/promoter/plannings', '/promoter/templates', '/dev/outbox']);
    expect(navigationHrefs(buildNavigation({ role: 'promoter', runtime: 'aws', currentProgram: null }))).not.toContain('/dev/outbox');
  });

  it('shows the AMO its templates and home', () => {
    const hrefs = navigationHrefs(buildNavigation({ role: 'amo', runtime: 'aws', currentProgram: null }));
    expect(hrefs).toEqual(['/accueil-amo', '/projets', '/promoter/plannings', '/amo/templates']);
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

  it('skips the namespaces and labels the admin pages', () => {
    expect(buildBreadcrumbs('/admin/logs/trends', null).map((crumb) => crumb.text)).toEqual(['Livrea', 'Logs', 'Tendances']);
    expect(buildBreadcrumbs('/amo/templates/help', null).map((crumb) => crumb.text)).toEqual(['Livrea', 'Modèles', "Mode d'emploi"]);
  });
});
