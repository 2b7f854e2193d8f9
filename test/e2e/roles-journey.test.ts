import type { BrowserContext, Page } from 'playwright-core';
import type { Role } from '../../shared/domain/roles';
import { startE2e, type E2eContext } from '../support/e2e';
import { LoginPage, newContext, StaffShell, waitForPath } from './pages/livrea-browser';

/**
 * Part 1 §2 (redirects after login, logout, layout shared by staff screens), part 1 §4 (session),
 * part 3 §2 (routing by role): each demo account signs in through the UI, lands on its home,
 * sees its own menu entries and not the others', signs out and lands on /login.
 */
const password = process.env.DEMO_PASSWORD ?? 'demo-livrea';

interface Journey {
  role: Role;
  email: string;
  home: string;
  label: string;
  sees: string[];
  doesNotSee: string[];
}

const journeys: Journey[] = [
  {
    role: 'administrator',
    email: 'admin@demo.livrea.fr',
    home: '/admin/programmes',
    label: 'Administrateur',
    sees: ['/admin/programmes', '/promoter/plannings', '/amo/templates', '/admin/users', '/admin/visites'],
    doesNotSee: ['/projets', '/promoter/templates', '/accueil-acquereur'],
  },
  {
    role: 'promoter',
    email: 'promoteur@demo.livrea.fr',
    home: '/projets',
    label: 'Promoteur',
    // The local runtime shows its outbox to every staff member.
    sees: ['/projets', '/promoter/plannings', '/promoter/templates', '/dev/outbox'],
    doesNotSee: ['/admin/programmes', '/admin/users', '/amo/templates', '/accueil-acquereur'],
  },
  {
    role: 'amo',
    email: 'amo1@demo.livrea.fr',
    home: '/projets',
    label: 'AMO',
    sees: ['/accueil-amo', '/projets', '/promoter/plannings', '/amo/templates', '/dev/outbox'],
    doesNotSee: ['/admin/users', '/promoter/templates'],
  },
  {
    role: 'moderator',
    email: 'moderateur@demo.livrea.fr',
    home: '/accueil',
    label: 'Modérateur',
    sees: ['/accueil', '/visites'],
    doesNotSee: ['/projets', '/admin/users', '/promoter/plannings'],
  },
  {
    role: 'customer',
    email: 'acquereur1@demo.livrea.fr',
    home: '/accueil-acquereur',
    label: 'Acquéreur',
    sees: ['/accueil-acquereur'],
    doesNotSee: ['/projets', '/admin/users', '/promoter/plannings', '/dev/outbox'],
  },
];

describe('roles journey (part 1 §2, §4; part 3 §2)', () => {
  let e2e: E2eContext;
  let baseUrl: string;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    e2e = await startE2e();
    baseUrl = e2e.baseUrl;
  }, 120_000);

  afterAll(async () => {
    await e2e?.stop();
  });

  beforeEach(async () => {
    context = await newContext(e2e.browser);
    page = await context.newPage();
  });

  afterEach(async () => {
    await context?.close();
  });

  it.each(journeys)('$role signs in, lands on $home, sees its menu, signs out to /login', async (journey) => {
    // Prepare
    const login = new LoginPage(page, baseUrl);
    const shell = new StaffShell(page);
    await login.open();

    // Act
    await login.signIn(journey.email, password);

    // Assess
    await waitForPath(page, journey.home);
    const hrefs = await shell.menuHrefs();
    expect(hrefs).toEqual(expect.arrayContaining(journey.sees));
    for (const href of journey.doesNotSee) expect(hrefs).not.toContain(href);
    expect(await shell.userMenuText()).toContain(journey.label);
    expect(await shell.storedKeys()).toEqual(expect.arrayContaining(['authToken', 'currentUser']));

    await shell.signOut();
    await waitForPath(page, '/login');
    expect(await shell.storedKeys()).not.toContain('authToken');
  });

  it('sends a promoter who types /admin/users to /login (role guard)', async () => {
    const login = new LoginPage(page, baseUrl);
    await login.open();
    await login.signIn('promoteur@demo.livrea.fr', password);
    await waitForPath(page, '/projets');

    await page.goto(`${baseUrl}/admin/users`);

    await waitForPath(page, '/login');
  });

  it("shows 'Identifiants invalides' for a wrong password (part 1 §8)", async () => {
    const login = new LoginPage(page, baseUrl);
    await login.open();

    await login.signIn('promoteur@demo.livrea.fr', 'mauvais-mot-de-passe');

    expect(await login.errorText()).toContain('Identifiants invalides');
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('shows the 404 page for an unknown route of a signed-in user (part 3 §2)', async () => {
    const login = new LoginPage(page, baseUrl);
    await login.open();
    await login.signIn('admin@demo.livrea.fr', password);
    await waitForPath(page, '/admin/programmes');

    await page.goto(`${baseUrl}/admin/page-inexistante`);

    await page.getByText("Désolé, la page à laquelle vous souhaitez accéder n'existe pas.").waitFor();
    await page.getByRole('link', { name: 'Retour' }).click();
    await waitForPath(page, '/admin/programmes');
  });

  it('after HTTP 498 (revoked token) shows the server text then the expired login after 2 s (part 1 §8)', async () => {
    const login = new LoginPage(page, baseUrl);
    await login.open();
    await login.signIn('promoteur@demo.livrea.fr', password);
    await waitForPath(page, '/projets');
    // The token is revoked behind the page's back (another tab signed out).
    const status = await page.evaluate(async () => {
      const token = window.localStorage.getItem('authToken') ?? '';
      return (await fetch('/api/users/logout', { method: 'POST', headers: { Authorization: `Bearer ${token}` } })).status;
    });
    expect(status).toBe(204);

    await page.goto(`${baseUrl}/profile`);

    await page.getByText('Erreur lors du chargement de votre profil').waitFor();
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('expired') === '1', { timeout: 10_000 });
    await page.getByText('Session expirée. Veuillez vous identifier à nouveau.').first().waitFor();
    expect(await new StaffShell(page).storedKeys()).not.toContain('authToken');
  });
});
