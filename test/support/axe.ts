import { readFileSync } from 'node:fs';
import * as axeCore from 'axe-core';
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

const impactRank: Record<string, number> = { minor: 0, moderate: 1, serious: 2, critical: 3 };

/**
 * The rules whose every check is of minor or moderate impact, outside `alwaysFailing`: a violation's
 * impact is the highest of its failed checks', so these can never fail the check and are not run
 * (a tenth of axe's run on a big page: `region` walks the whole document). Read from the axe-core
 * package whose browser bundle is injected; none when its catalogue is not where it was read.
 */
const rulesThatCannotFail: Record<string, { enabled: false }> = (() => {
  // axe-core's rule and check catalogue has no public types.
  type Check = string | { id: string };
  const audit = (
    axeCore as unknown as {
      _audit?: {
        rules: { id: string; impact?: string; any: Check[]; all: Check[]; none: Check[] }[];
        checks: Record<string, { metadata?: { impact?: string } }>;
      };
    }
  )._audit;
  if (!audit) return {};
  const cannotFail = audit.rules.filter((rule) => {
    const checks = [...rule.any, ...rule.all, ...rule.none].map((check) => audit.checks[typeof check === 'string' ? check : check.id]?.metadata?.impact);
    const impacts = [rule.impact, ...checks].filter((impact): impact is string => !!impact);
    return !alwaysFailing.has(rule.id) && impacts.length > 0 && impacts.every((impact) => (impactRank[impact] ?? 3) < impactRank.serious);
  });
  return Object.fromEntries(cannotFail.map((rule) => [rule.id, { enabled: false as const }]));
})();

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
  const violations = await page.evaluate(
    async ({ scope, rules }) => {
      // The axe global is injected above; the page has no types for it.
      const axe = (window as unknown as { axe: { run(context: Document | { include: string[] }, options: object): Promise<{ violations: AxeViolation[] }> } })
        .axe;
      const result = await axe.run(scope ? { include: [scope] } : document, { resultTypes: ['violations'], rules });
      return result.violations;
    },
    { scope: include, rules: rulesThatCannotFail },
  );
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
