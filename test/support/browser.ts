import { chromium, type Browser } from 'playwright-core';
import { localChromiumPath } from '../../functions/core/exports/chromium-path';

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    // A real headless Chromium, found as the PDF renderer finds it: the tests never download a browser.
    executablePath: await localChromiumPath(),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      '--disable-sync',
    ],
  });
}
