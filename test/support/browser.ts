import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/**
 * A real headless Chromium: Debian's (CI installs it) or the one @sparticuz/chromium ships inside
 * its npm package, so the browser tests never download a browser.
 */
async function chromiumPath(): Promise<string> {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter((path): path is string => !!path);
  const found = candidates.find((path) => existsSync(path));
  if (found) return found;
  const sparticuz = (await import('@sparticuz/chromium')).default;
  return sparticuz.executablePath();
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: await chromiumPath(),
    headless: true,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-sync'],
  });
}
