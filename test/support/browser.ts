import { chromium, type Browser } from 'playwright-core';
import { localChromiumPath } from '../../functions/core/exports/chromium-path';

/**
 * Headless Chromium for a journey. A launch whose browser dies before it is up is tried once more:
 * the idle run of 1 December 01:29 lost a whole file (its `beforeAll`) to a Chromium that died at
 * its start (a general protection fault in libc, in the kernel's log), once in about 40 launches
 * of that run. A browser that dies twice is reported.
 */
export async function launchBrowser(): Promise<Browser> {
  try {
    return await launchOnce();
  } catch (error) {
    if (!/browser has been closed|process did exit/.test((error as Error).message)) throw error;
    console.warn(`Chromium died while starting, launched again: ${(error as Error).message.split('\n')[0]}`);
    return launchOnce();
  }
}

async function launchOnce(): Promise<Browser> {
  return chromium.launch({
    // A real headless Chromium, found as the PDF renderer finds it (the Lambda build, unpacked by the
    // project's globalSetup: setup/lambda-chromium.ts): the tests never download a browser.
    executablePath: await localChromiumPath(),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-gpu',
      // Cloudscape drops its transitions when motion is reduced (as the axe check already asked): a
      // step no longer waits for a fade, and the compositor draws fewer frames.
      '--force-prefers-reduced-motion',
      '--disable-dev-shm-usage',
      '--no-first-run',
      '--disable-sync',
      // Headless Chromium draws its own omnibox popups (WebUI renderers, about 1 s of CPU per new
      // page on this machine: docs/performance.md « Big programs »). Chromium keeps only the last
      // --disable-features, so Playwright's own list (1.65, less its Edge-only names) is repeated before them.
      `--disable-features=${[
        'AvoidUnnecessaryBeforeUnloadCheckSync',
        'DestroyProfileOnBrowserClose',
        'HttpsUpgrades',
        'HttpsFirstBalancedModeAutoEnable',
        'LensOverlay',
        'MediaRouter',
        'PaintHolding',
        'ThirdPartyStoragePartitioning',
        'AvoidCorsURLLoaderRestartOnRedirect',
        'TcpPortRandomizationWin',
        'OptimizationHints',
        'NetworkTimeServiceQuerying',
        'AimEnabled',
        'PreconnectToSearch',
        'WebUIOmniboxPopup',
        'WebUIOmniboxAimPopup',
      ].join(',')}`,
    ],
  });
}
