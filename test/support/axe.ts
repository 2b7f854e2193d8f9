import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

/** axe-core's browser bundle, read once and injected into each page checked. */
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/**
 * Rules that fail the check whatever their impact (the screens must pass them: heading levels
 * that jump, a table header with no text); axe ranks them moderate or minor.
 */
const alwaysFailing = new Set(['heading-order', 'empty-table-header']);

/**
 * The accessibility violations axe-core finds on the page as it is now that fail the check: every
 * serious or critical one (all rules, best practices included), and those of `alwaysFailing`;
 * each as "rule-id (impact): help — first targets". Empty when clean.
 */
async function seriousAxeViolations(page: Page, include?: string): Promise<string[]> {
  // Contrast is judged on the settled page: a flash or an alert fading in is half transparent for a
  // moment, which a loaded machine catches (twice in CI, past the 2 s wait below). Cloudscape drops
  // its fades when motion is reduced, so the page is switched to it; then finite animations end
  // (spinners never do).
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      // not a wait: a cap, for an animation that would not end.
      new Promise((done) => setTimeout(done, 2000)),
    ]),
  );
  // evaluate, not addScriptTag: the product's Content-Security-Policy refuses inline scripts. Once
  // per document: axe's 650 KB were evaluated again at each check, and a screen is often checked
  // at 1280 then 390 px (a navigation to another document drops it, and it is injected again).
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async (scope) => {
    // The axe global is injected above; the page has no types for it.
    const axe = (window as unknown as { axe: { run(context: Document | { include: string[] }, options: object): Promise<{ violations: AxeViolation[] }> } })
      .axe;
    const result = await axe.run(scope ? { include: [scope] } : document, { resultTypes: ['violations'] });
    return result.violations;
  }, include);
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical' || alwaysFailing.has(violation.id))
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
          .slice(0, 3)
          .map((node) => JSON.stringify(node.target))
          .join(', ')}`,
    );
}

/**
 * Fails the test with the list of violations when the page (or, with `include`, the part of it
 * that CSS selector names, e.g. an open dialog) has any serious or critical one, a heading level
 * that jumps or an empty table header.
 */
export async function expectNoSeriousAxeViolations(page: Page, where: string, include?: string): Promise<void> {
  const violations = await seriousAxeViolations(page, include);
  if (violations.length > 0) throw new Error(`Accessibility (axe-core) on ${where}:\n${violations.join('\n')}`);
}

/** The same check at 1280 px, then at 390 px (a phone), leaving the page at 1280 px. */
export async function expectNoSeriousAxeViolationsAtBothWidths(page: Page, where: string): Promise<void> {
  await expectNoSeriousAxeViolations(page, `${where} 1280`);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSeriousAxeViolations(page, `${where} 390`);
  await page.setViewportSize({ width: 1280, height: 900 });
}
