import createWrapper from '@cloudscape-design/components/test-utils/selectors';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { authResponseSchema } from '../../../shared/domain/account';

/**
 * Page objects of the browser journeys, built on Cloudscape's test-utils selectors (as in the
 * cloudscape-design/demos E2E tests). The product under test is started by each file with
 * `startE2e()` (test/support/e2e.ts); pages take its base URL.
 */
export const demoPassword = process.env.DEMO_PASSWORD ?? 'demo-livrea';

const wrapper = createWrapper();
const sideNavigation = wrapper.findSideNavigation();
const appLayout = wrapper.findAppLayout();
const userMenu = wrapper.findTopNavigation().findUtility(1).findMenuDropdownType();
const loginForm = wrapper.findForm();

/** A French desktop browser context, as the staff use the product (with `storageState`'s local storage, when given). */
export async function newContext(browser: Browser, storageState?: BrowserContextOptions['storageState']): Promise<BrowserContext> {
  const context = await browser.newContext({
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    viewport: { width: 1280, height: 900 },
    acceptDownloads: true,
    storageState,
  });
  // Below jest's test timeout (60 s at least), so that a missing element is reported as such; a
  // loaded CI machine (two cores, four browser files at once) took more than 10 s to show a field error.
  context.setDefaultTimeout(20_000);
  return context;
}

/**
 * A fresh French desktop context signed in as `email`, on its `home` page. The session is opened
 * through the API and put where the login page puts it: the login form is the point of the roles
 * journey (LoginPage), not of the steps that need someone signed in. It saves the form's route
 * (about 0.3 s of CPU a context; the home page still loads the SPA cold: docs/testing.md « Where
 * the suite's time goes »).
 */
export async function signedInContext(browser: Browser, baseUrl: string, email: string, home: string): Promise<{ context: BrowserContext; page: Page }> {
  const response = await fetch(`${baseUrl}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: demoPassword }),
  });
  if (!response.ok) throw new Error(`sign-in of ${email}: ${response.status} ${await response.text()}`);
  const auth = authResponseSchema.parse(await response.json());
  // What the login page keeps after a sign-in (web/src/app/session-store.ts `signIn`).
  const session = [
    { name: 'authToken', value: auth.token },
    { name: 'currentUser', value: JSON.stringify(auth.user) },
  ];
  const context = await newContext(browser, { cookies: [], origins: [{ origin: baseUrl, localStorage: session }] });
  const page = await context.newPage();
  await page.goto(`${baseUrl}${home}`);
  await waitForPath(page, home);
  return { context, page };
}

export class LoginPage {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  async open(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/login`);
    await this.page.getByLabel('Email').waitFor();
  }

  async signIn(email: string, password: string): Promise<void> {
    await this.page.getByLabel('Email').fill(email);
    await this.page.getByLabel('Mot de passe', { exact: true }).fill(password);
    await this.page.getByRole('button', { name: 'Se connecter' }).click();
  }

  /** Opens the login page, signs in and waits for the role's home. */
  async signInTo(email: string, home: string): Promise<void> {
    await this.open();
    await this.signIn(email, demoPassword);
    await waitForPath(this.page, home);
  }

  async errorText(): Promise<string> {
    const error = this.page.locator(loginForm.findError().toSelector());
    await error.waitFor();
    return (await error.innerText()).trim();
  }
}

export class StaffShell {
  constructor(readonly page: Page) {}

  /**
   * The hrefs of the side navigation's page links (part 3 §2). The navigation may be closed
   * (a narrow window, or a user who closed it): it is opened first. Its header link is hidden, and
   * links of collapsed sections are kept: every entry counts, visible or not.
   */
  async menuHrefs(): Promise<string[]> {
    const nav = this.page.locator(sideNavigation.toSelector()).first();
    const toggle = this.page.locator(appLayout.findNavigationToggle().toSelector()).first();
    if (!(await nav.locator('a:visible').count()) && (await toggle.isVisible())) await toggle.click();
    await nav.locator('a:visible').first().waitFor();
    const hrefs = await nav.locator('a').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    return hrefs.filter((href) => href.startsWith('/'));
  }

  async userMenuText(): Promise<string> {
    return (await this.page.locator(userMenu.findNativeButton().toSelector()).innerText()).trim();
  }

  async signOut(): Promise<void> {
    await this.page.locator(userMenu.findNativeButton().toSelector()).click();
    await this.page.locator(userMenu.findItemById('logout').toSelector()).click();
  }

  async storedKeys(): Promise<string[]> {
    return this.page.evaluate(() => Object.keys(window.localStorage));
  }

  /** Waits for a notification (Flashbar) holding `text`. */
  async waitForNotification(text: string): Promise<void> {
    await this.page.locator(wrapper.findFlashbar().toSelector()).getByText(text, { exact: false }).first().waitFor();
  }
}

/**
 * Waits until the browser's path is `path` (client-side navigations included). A journey's first
 * sign-in waits for a fresh worker pool (scrypt, modules loading): more than 15 s on a loaded machine.
 */
export async function waitForPath(page: Page, path: string | RegExp): Promise<void> {
  await page.waitForURL((url) => (typeof path === 'string' ? url.pathname === path : path.test(url.pathname)), { timeout: 45_000 });
}

/** A JSON call to the product's API with a bearer token (setting up or checking what a screen saved). */
export async function apiCall<T>(baseUrl: string, token: string, path: string, method = 'GET', body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * The booking form's virtual-visit question is required when the planning asks it (part 1 §2):
 * answers 'Non' unless the buyer already answered; nothing when the question is not asked.
 */
export async function answerVrSurvey(page: Page): Promise<void> {
  const group = page.getByRole('radiogroup', { name: 'Intérêt pour une visite virtuelle' });
  if ((await group.count()) === 0) return;
  if ((await group.getByRole('radio', { checked: true }).count()) === 0) await group.getByRole('radio', { name: 'Non' }).check();
}
