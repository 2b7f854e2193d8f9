import { existsSync } from 'node:fs';

/** Where a distribution installs its Chromium (Debian's package, older Ubuntu's). */
const systemChromiums = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

/**
 * The Chromium to run outside AWS: CHROMIUM_PATH when set, else the system's, else the build that
 * @sparticuz/chromium carries inside its npm package (unpacked into /tmp on first use), so a fresh
 * clone prints PDFs after `npm ci` alone, as the browser tests run (test/support/browser.ts).
 */
export async function localChromiumPath(exists: (path: string) => boolean = existsSync, bundled: () => Promise<string> = bundledChromiumPath): Promise<string> {
  const found = [process.env.CHROMIUM_PATH, ...systemChromiums].find((path): path is string => !!path && exists(path));
  return found ?? bundled();
}

/** The headless shell @sparticuz/chromium carries (the build Lambda prints with), unpacked into /tmp on first use. */
export async function bundledChromiumPath(): Promise<string> {
  const chromium = (await import('@sparticuz/chromium')).default;
  return chromium.executablePath();
}
