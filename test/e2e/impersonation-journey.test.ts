import type { BrowserContext, Page } from 'playwright-core';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { startE2e, type E2eContext } from '../support/e2e';
import { demoPassword, LoginPage, newContext, StaffShell, waitForPath } from './pages/livrea-browser';

/**
 * Part 3 §4 'Impersonation' for the roles whose home is not the programs list: an administrator
 * simulates a buyer and a moderator from /admin/users, lands on that user's own home with 'Stop
 * simulation', stops and is back as the administrator. A simulation left behind (the administrator
 * signs in again from the login page while simulating) is ended on the server and leaves no
 * 'Stop simulation' in the new session. Axe checks every page visited.
 */
jest.setTimeout(300_000);

interface ListedUser {
  _id: string;
  email: string;
}

const stopButton = (page: Page) => page.getByRole('button', { name: 'Stop simulation' });
const stored = (page: Page, key: string) => page.evaluate((name) => window.localStorage.getItem(name), key);

describe('impersonating a buyer and a moderator (part 3 §4)', () => {
  let e2e: E2eContext;
  let context: BrowserContext;
  let page: Page;
  let users: ListedUser[];

  /** The status a token now gets from GET /api/users/me: 200 live, 498 ended. */
  async function statusOf(token: string): Promise<number> {
    return (await fetch(`${e2e.baseUrl}/api/users/me`, { headers: { authorization: `Bearer ${token}` } })).status;
  }

  const idOf = (email: string) => users.find((user) => user.email === email)!._id;

  /** From the users list to the account's page, 'Simuler', and the user's home with 'Stop simulation': the simulated token. */
  async function simulate(email: string, name: string, home: string): Promise<string> {
    await page.goto(`${e2e.baseUrl}/admin/users`);
    await page.getByRole('heading', { name: 'Administrateur / Comptes' }).waitFor();
    await expectNoSeriousAxeViolations(page, 'users list');
    await page.goto(`${e2e.baseUrl}/admin/users/${idOf(email)}`);
    await page.getByRole('heading', { name }).waitFor();
    await expectNoSeriousAxeViolations(page, `user detail ${email}`);
    await page.getByRole('button', { name: 'Simuler' }).click();
    await waitForPath(page, home);
    await stopButton(page).waitFor();
    return (await stored(page, 'authToken'))!;
  }

  beforeAll(async () => {
    e2e = await startE2e();
    context = await newContext(e2e.browser);
    context.setDefaultTimeout(30_000);
    page = await context.newPage();
    await new LoginPage(page, e2e.baseUrl).signInTo('admin@demo.livrea.fr', '/admin/programmes');
    await expectNoSeriousAxeViolations(page, 'administrator home');
    const token = (await stored(page, 'authToken'))!;
    const listed = await fetch(`${e2e.baseUrl}/api/admin/users?limit=100`, { headers: { authorization: `Bearer ${token}` } });
    users = ((await listed.json()) as { users: ListedUser[] }).users;
  });
  afterAll(async () => {
    await context?.close();
    await e2e?.stop();
  });

  it.each([
    ['buyer', 'acquereur1@demo.livrea.fr', 'Léa Dubois', '/accueil-acquereur', 'Mes logements'],
    ['moderator', 'moderateur@demo.livrea.fr', 'Marc Richard', '/accueil', 'Bonjour Marc'],
  ])(
    'simulating a %s lands on its own home with Stop simulation; stopping returns to the administrator and ends the simulated session',
    async (_role, email, name, home, homeText) => {
      const shell = new StaffShell(page);
      const adminToken = (await stored(page, 'authToken'))!;
      const simulatedToken = await simulate(email, name, home);
      await page.getByText(homeText).first().waitFor();
      expect(await page.getByText('Votre compte ne donne pas accès').count()).toBe(0);
      await expectNoSeriousAxeViolations(page, `${home} while simulating`);
      expect(await statusOf(simulatedToken)).toBe(200);
      // An administrator's page while simulating: the simulated user's home again, never the login dead end.
      await page.goto(`${e2e.baseUrl}/admin/users`);
      await waitForPath(page, home);
      await stopButton(page).waitFor();

      await stopButton(page).click();
      await waitForPath(page, '/admin/programmes');
      expect(await shell.userMenuText()).toContain('Administrateur');
      expect(await stopButton(page).count()).toBe(0);
      await expectNoSeriousAxeViolations(page, `administrator home after simulating ${email}`);
      expect(await stored(page, 'authToken')).toBe(adminToken);
      expect(await statusOf(simulatedToken)).toBe(498);
      expect(await statusOf(adminToken)).toBe(200);
    },
  );

  it('a simulation left behind ends when the administrator signs in again from the login page: no Stop simulation in the new session, both old tokens ended', async () => {
    const shell = new StaffShell(page);
    const oldAdminToken = (await stored(page, 'authToken'))!;
    const simulatedToken = await simulate('acquereur1@demo.livrea.fr', 'Léa Dubois', '/accueil-acquereur');
    await page.goto(`${e2e.baseUrl}/login`);
    const login = new LoginPage(page, e2e.baseUrl);
    await page.getByLabel('Email').waitFor();
    await expectNoSeriousAxeViolations(page, 'login page while a simulation is stored');
    await login.signIn('admin@demo.livrea.fr', demoPassword);
    await waitForPath(page, '/admin/programmes');
    expect(await shell.userMenuText()).toContain('Administrateur');
    await page.getByRole('heading').first().waitFor();
    expect(await stopButton(page).count()).toBe(0);
    expect(await shell.storedKeys()).not.toContain('adminToken');
    await expectNoSeriousAxeViolations(page, 'administrator home after signing in again');
    expect(await statusOf(simulatedToken)).toBe(498);
    expect(await statusOf(oldAdminToken)).toBe(498);
    expect(await statusOf((await stored(page, 'authToken'))!)).toBe(200);
  });

  it('signing out while simulating ends the simulated session and the administrator session kept aside', async () => {
    const shell = new StaffShell(page);
    const adminToken = (await stored(page, 'authToken'))!;
    const simulatedToken = await simulate('moderateur@demo.livrea.fr', 'Marc Richard', '/accueil');
    await shell.signOut();
    await waitForPath(page, '/login');
    expect(await shell.storedKeys()).not.toEqual(expect.arrayContaining(['authToken']));
    expect(await shell.storedKeys()).not.toEqual(expect.arrayContaining(['adminToken']));
    expect(await statusOf(simulatedToken)).toBe(498);
    expect(await statusOf(adminToken)).toBe(498);
  });
});
