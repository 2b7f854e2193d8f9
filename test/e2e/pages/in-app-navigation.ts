import type { Page } from 'playwright-core';

/**
 * Moves the loaded SPA to `path` as a click on one of its links does: a history entry and its
 * popstate, which the router listens to. The SPA's scripts are not loaded and compiled again (a
 * `goto` costs about 1 s of Chromium: docs/testing.md « Where the suite's time goes »), so a step
 * about a screen, not about loading a typed URL, reaches it this way.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((target) => {
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}
