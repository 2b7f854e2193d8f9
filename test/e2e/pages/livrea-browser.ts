import createWrapper from '@cloudscape-design/components/test-utils/selectors';
import { chromium, type Browser, type Page } from 'playwright-core';

/**
 * Page objects of the browser journeys, built on Cloudscape's test-utils selectors (as in the
 * cloudscape-design/demos E2E tests). The server under test answers on BASE_URL (default
 * http://localhost:3000, `npm start`); Chromium is the system one, never downloaded.
 */
export const BASE_URL = (process.env.BASE_URL ?? 'http://localhost:3000').replace(/\/$/, '');
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const wrapper = createWrapper();
const sideNavigation = wrapper.findSideNavigation();
const userMenu = wrapper.findTopNavigation().findUtility(1).findMenuDropdownType();
const loginForm = wrapper.findForm();

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-gpu'],
  });
}

/** Fails early, with the way out, when no server answers. */
export async function assertServerUp(): Promise<void> {
  try {
    const response = await fetch(`${BASE_URL}/api/health`);
    if (response.ok) return;
  } catch {
    // reported below
  }
  throw new Error(`No Livrea server answers on ${BASE_URL}: run \`npm start\` or set BASE_URL.`);
}

export class LoginPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto(`${BASE_URL}/login`);
    await this.page.getByLabel('Email').waitFor();
  }

  async signIn(email: string, password: string): Promise<void> {
    await this.page.getByLabel('Email').fill(email);
    await this.page.getByLabel('Mot de passe', { exact: true }).fill(password);
    await this.page.getByRole('button', { name: 'Se connecter' }).click();
  }

  async errorText(): Promise<string> {
    const error = this.page.locator(loginForm.findError().toSelector());
    await error.waitFor();
    return (await error.innerText()).trim();
  }
}

export class StaffShell {
  constructor(readonly page: Page) {}

  /** The hrefs of the visible side-navigation links. */
  async menuHrefs(): Promise<string[]> {
    const nav = this.page.locator(sideNavigation.toSelector()).first();
    await nav.locator('a').first().waitFor();
    return nav.locator('a').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
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
}

/** Waits until the browser's path is `path` (client-side navigations included). */
export async function waitForPath(page: Page, path: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === path, { timeout: 15_000 });
}
