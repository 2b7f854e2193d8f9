import createWrapper from '@cloudscape-design/components/test-utils/selectors';
import type { BrowserContext, Page } from 'playwright-core';
import type { Role } from '../../shared/domain/roles';
import { messages } from '../../shared/messages/common';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { startE2e, type E2eContext } from '../support/e2e';
import { LoginPage, newContext, StaffShell, waitForPath } from './pages/livrea-browser';
import { readUntil } from '../support/eventually';
import { navigateInApp } from './pages/in-app-navigation';

const wrapper = createWrapper();
const appLayout = wrapper.findAppLayout();
const userMenu = wrapper.findTopNavigation().findUtility(1).findMenuDropdownType();

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
    // The local outbox holds every reset link: administrators only (part 1 §6).
    sees: ['/projets', '/promoter/plannings', '/promoter/templates'],
    doesNotSee: ['/admin/programmes', '/admin/users', '/amo/templates', '/accueil-acquereur', '/dev/outbox'],
  },
  {
    role: 'amo',
    email: 'amo1@demo.livrea.fr',
    home: '/projets',
    label: 'AMO',
    sees: ['/accueil-amo', '/projets', '/amo/plannings', '/amo/templates'],
    doesNotSee: ['/admin/users', '/promoter/templates', '/dev/outbox'],
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

// One product and one browser for the file; a fresh browser context for each test.
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
  // The screen a step leaves passes the axe check.
  const axeViolations =
    page && page.url().startsWith(baseUrl) ? await expectNoSeriousAxeViolations(page, page.url()).catch((error: Error) => error) : undefined;
  await context?.close();
  if (axeViolations) throw axeViolations;
});

describe('roles journey (part 1 §2, §4; part 3 §2)', () => {
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

  it('an administrator typing /, /projets or /admin/logs lands on the administrator home /admin/programmes; an AMO typing /amo or / lands on /projets (part 3 §2)', async () => {
    const login = new LoginPage(page, baseUrl);
    await login.signInTo('admin@demo.livrea.fr', '/admin/programmes');
    // Each typed URL is loaded as typed (a goto); leaving the home before it is only a move inside the SPA.
    for (const typed of ['/', '/projets', '/admin/logs']) {
      await navigateInApp(page, '/admin/users');
      await waitForPath(page, '/admin/users');
      await page.goto(`${baseUrl}${typed}`);
      await waitForPath(page, '/admin/programmes');
    }
    await expectNoSeriousAxeViolations(page, 'admin-home-after-redirect');
    await new StaffShell(page).signOut();
    await waitForPath(page, '/login');
    await login.signInTo('amo1@demo.livrea.fr', '/projets');
    for (const typed of ['/amo', '/']) {
      await navigateInApp(page, '/profile');
      await waitForPath(page, '/profile');
      await page.goto(`${baseUrl}${typed}`);
      await waitForPath(page, '/projets');
    }
    await expectNoSeriousAxeViolations(page, 'amo-projets-after-redirect');
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

  it("without network the login says 'Erreur réseau : impossible de joindre le serveur.', not that the sign-in may have been done (part 1 §8 generic messages)", async () => {
    const login = new LoginPage(page, baseUrl);
    await login.open();
    await page.route('**/api/users/login', (route) => route.abort('internetdisconnected'));
    try {
      await login.signIn('promoteur@demo.livrea.fr', 'demo-livrea');
      expect(await login.errorText()).toBe(messages.unreachable);
      await expectNoSeriousAxeViolations(page, 'login without network');
    } finally {
      await page.unroute('**/api/users/login');
    }
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

  it('shows the 404 page, not the login page, to a promoter on a route no role knows (part 3 §2)', async () => {
    const login = new LoginPage(page, baseUrl);
    await login.signInTo('promoteur@demo.livrea.fr', '/projets');

    await page.goto(`${baseUrl}/nimporte/quoi`);

    await page.getByText("Désolé, la page à laquelle vous souhaitez accéder n'existe pas.").waitFor();
    expect(new URL(page.url()).pathname).toBe('/nimporte/quoi');
    expect(await new StaffShell(page).menuHrefs()).toContain('/projets');
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

describe('the staff shell and the account pages (part 1 §2 "Layout shared by staff screens", "Authentication and account screens")', () => {
  async function userMenuItems(): Promise<string[]> {
    await page.locator(userMenu.findNativeButton().toSelector()).click();
    const items = page.locator(userMenu.findItems().toSelector());
    await items.first().waitFor();
    const texts = (await items.allInnerTexts()).map((text) => text.trim());
    await page.keyboard.press('Escape');
    return texts;
  }

  it('the side navigation collapses and stays collapsed after a reload (kept locally as `collapsed`)', async () => {
    await new LoginPage(page, baseUrl).signInTo('promoteur@demo.livrea.fr', '/projets');
    const openPanel = page.locator(appLayout.findOpenNavigationPanel().toSelector());
    await openPanel.waitFor();

    await page.locator(appLayout.findNavigationClose().toSelector()).click();

    await openPanel.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => window.localStorage.getItem('collapsed'))).toBe('true');
    await page.reload();
    await page.locator(appLayout.findNavigationToggle().toSelector()).waitFor();
    expect(await openPanel.count()).toBe(0);
    await page.locator(appLayout.findNavigationToggle().toSelector()).click();
    await openPanel.waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('collapsed'))).toBe('false');
  });

  it('header, breadcrumbs and footer: username and role label, Compte and Déconnexion, French trail, copyright with the current year', async () => {
    await new LoginPage(page, baseUrl).signInTo('amo1@demo.livrea.fr', '/projets');

    await navigateInApp(page, '/profile');

    expect(await new StaffShell(page).userMenuText()).toBe('amo1 · AMO');
    expect(await userMenuItems()).toEqual(['Compte', 'Déconnexion']);
    const crumbs = page.getByRole('navigation', { name: "Fil d'Ariane" }).getByRole('link');
    await crumbs.getByText('Compte').waitFor();
    expect((await crumbs.allInnerTexts()).map((text) => text.trim())).toEqual(['Livrea', 'Compte']);
    await page.getByText(`Copyright © ${new Date().getFullYear()} Livrea`).waitFor();
  });

  it("a buyer's user menu also offers RGPD and Aide, and both pages open in the shell", async () => {
    await new LoginPage(page, baseUrl).signInTo('acquereur1@demo.livrea.fr', '/accueil-acquereur');

    expect(await userMenuItems()).toEqual(['Compte', 'RGPD', 'Aide', 'Déconnexion']);
    await page.locator(userMenu.findNativeButton().toSelector()).click();
    await page.locator(userMenu.findItemById('rgpd').toSelector()).click();

    await waitForPath(page, '/rgpd');
    await page.getByRole('heading', { name: 'Protection des mineurs' }).waitFor();
    await navigateInApp(page, '/aide');
    await page.getByRole('navigation', { name: "Fil d'Ariane" }).getByRole('link', { name: 'Aide' }).waitFor();
  });

  it("the forgotten-password modal always answers 'Si un compte existe, un email a été envoyé.'", async () => {
    const login = new LoginPage(page, baseUrl);
    await login.open();
    await page.getByRole('button', { name: 'Mot de passe oublié ?' }).click();
    const modal = page.locator(wrapper.findModal().toSelector());

    await modal.getByLabel('Email').fill('personne@inconnu.fr');
    await modal.getByRole('button', { name: 'Envoyer le lien' }).click();

    await modal.getByText('Si un compte existe, un email a été envoyé.').waitFor();
  });

  it('registration: a new buyer lands on /accueil-acquereur; the staff roles are shown but granted by an administrator (part 1 §2, §6)', async () => {
    await page.goto(`${baseUrl}/register`);
    await page.locator(wrapper.findSelect().toSelector()).nth(1).click();
    expect(await page.getByRole('option', { name: /AMO/ }).getAttribute('aria-disabled')).toBe('true');
    expect(await page.getByRole('option', { name: /Promoteur/ }).getAttribute('aria-disabled')).toBe('true');
    await page.getByRole('option', { name: 'Acquéreur' }).click();
    const fields: [string, string][] = [
      ['Prénom', 'Nina'],
      ['Nom', 'Lefèvre'],
      ['Société', 'Particulier'],
      ["Nom d'utilisateur", `nina-e2e-${Date.now()}`],
      ['Email', `nina.${Date.now()}@test.livrea.fr`],
      ['Mot de passe', 'un-mot-de-passe'],
    ];
    for (const [label, value] of fields) await page.getByLabel(label, { exact: true }).fill(value);

    await page.getByRole('button', { name: 'Créer mon compte' }).click();

    await waitForPath(page, '/accueil-acquereur');
  });

  it("reset-password: the mailed link sets a new password ('Mot de passe réinitialisé. Vous pouvez vous connecter.'), then works once", async () => {
    const email = 'acquereur2@demo.livrea.fr';
    await page.request.post(`${baseUrl}/api/user/forgot`, { data: { email } });
    const admin = await page.request.post(`${baseUrl}/api/users/login`, { data: { email: 'admin@demo.livrea.fr', password: 'demo-livrea' } });
    const { token } = (await admin.json()) as { token: string };
    // The mail leaves after the answer (a job the local poller runs within a second or so).
    const link = await readUntil(
      async () => {
        const outbox = await page.request.get(`${baseUrl}/api/dev/outbox`, { headers: { authorization: `Bearer ${token}` } });
        const { messages } = (await outbox.json()) as { messages: { to: string[]; text: string }[] };
        return /http\S+reset-password\S+/.exec(messages.find((message) => message.to.includes(email))?.text ?? '')?.[0];
      },
      (found) => found !== undefined,
      10_000,
    );
    expect(link).toBeDefined();
    // The mail links to the configured public URL; the page is opened on this run's server.
    const { pathname, search } = new URL(link!);
    const resetPage = `${baseUrl}${pathname}${search}`;

    await page.goto(resetPage);
    // Titled as its heading (the invitation's link opens it too: a first password, not a forgotten one).
    await page.getByRole('heading', { name: 'Nouveau mot de passe' }).waitFor();
    expect(await page.title()).toBe('Nouveau mot de passe – Livrea');
    await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('court');
    await page.getByLabel('Confirmation du mot de passe').fill('autre');
    await page.getByRole('button', { name: 'Valider' }).click();
    await page.getByText('Au moins 8 caractères', { exact: true }).waitFor();
    await page.getByText('Les mots de passe ne correspondent pas.').waitFor();
    await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('nouveau-secret');
    await page.getByLabel('Confirmation du mot de passe').fill('nouveau-secret');
    await page.getByRole('button', { name: 'Valider' }).click();
    await page.getByText('Mot de passe réinitialisé. Vous pouvez vous connecter.').waitFor();

    await page.goto(resetPage);
    await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('encore-un-autre');
    await page.getByLabel('Confirmation du mot de passe').fill('encore-un-autre');
    await page.getByRole('button', { name: 'Valider' }).click();
    await page.getByText('Lien invalide ou expiré. Redemandez un lien.').waitFor();

    const login = new LoginPage(page, baseUrl);
    await login.open();
    await login.signIn(email, 'nouveau-secret');
    await waitForPath(page, '/accueil-acquereur');
  });

  it("profile: a malformed phone shows 'Veuillez renseigner au moins un numéro de téléphone (format : 0689... ou +337...)'; a valid one is saved", async () => {
    await new LoginPage(page, baseUrl).signInTo('amo2@demo.livrea.fr', '/projets');
    await navigateInApp(page, '/profile');
    const phone = page.getByLabel('Téléphone (Monsieur)');
    await phone.waitFor();

    await phone.fill('12345');
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();

    await page.getByText('Veuillez renseigner au moins un numéro de téléphone (format : 0689... ou +337...)').first().waitFor();
    await new StaffShell(page).waitForNotification('Erreur lors de la mise à jour. Veuillez vérifier le formulaire.');
    await phone.fill('0689123456');
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await new StaffShell(page).waitForNotification('Informations correctement mises à jour.');
  });

  it('the local outbox page is open to administrators and lists the mails', async () => {
    await new LoginPage(page, baseUrl).signInTo('admin@demo.livrea.fr', '/admin/programmes');

    await page.locator(wrapper.findSideNavigation().toSelector()).getByText("Boîte d'envoi locale").click();

    await waitForPath(page, '/dev/outbox');
    await page.getByRole('heading', { name: /Boîte d'envoi locale/ }).waitFor();
  });
});
