import { demoBookingLinks } from '../../infra/local/demo-links';
import { getDeps } from '../../functions/runtime/deps';
import { startE2e, type E2eContext } from '../support/e2e';

/**
 * the buyer's booking page /entrevue/{uuid} does without Cloudscape's global
 * styles (normalize, design tokens and eight Open Sans fonts): no font file, no @font-face, its own
 * system font stack; nor does it load zod and the shared schemas before a visitor is added. Prints what the page transfers (HTML, JS, CSS, fonts, compressed as served)
 * for a person to compare with the 120 KB target; `npm run bench` measures it under 4G.
 */
jest.setTimeout(180_000);

describe('the buyer page stays light', () => {
  let e2e: E2eContext;

  beforeAll(async () => {
    e2e = await startE2e();
  }, 120_000);

  afterAll(async () => {
    await e2e?.stop();
  });

  it("/entrevue loads none of Cloudscape's global CSS (no font file, no @font-face, the system font) and no zod", async () => {
    const [link] = await demoBookingLinks(getDeps(), 1);
    const context = await e2e.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'fr-FR' });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const urls = new Map<string, string>();
    const bytes = new Map<string, number>();
    cdp.on('Network.responseReceived', (event) => urls.set(event.requestId, event.response.url));
    cdp.on('Network.loadingFinished', (event) => {
      const url = urls.get(event.requestId) ?? '';
      if (!new URL(url).pathname.startsWith('/api/')) bytes.set(url, event.encodedDataLength);
    });

    await page.goto(`${e2e.baseUrl}/entrevue/${link.uuid}`);
    await page.locator('.bk-main h1').first().waitFor();
    await page.waitForLoadState('networkidle');

    const fonts = [...bytes.keys()].filter((url) => /\.(woff2?|ttf|otf)(\?|$)/.test(url));
    const fontFaces = await page.evaluate(() =>
      [...document.styleSheets]
        .flatMap((sheet) => [...sheet.cssRules])
        .filter((rule) => rule instanceof CSSFontFaceRule)
        .map((rule) => rule.cssText.slice(0, 80)),
    );
    const bodyFont = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
    const stylesheets = [...bytes.keys()].filter((url) => url.endsWith('.css'));
    expect({ fonts, fontFaces }).toEqual({ fonts: [], fontFaces: [] });
    expect(bodyFont).not.toContain('Open Sans');
    expect(stylesheets.length).toBeLessThanOrEqual(1);
    // Nor zod and the shared schemas (a fifth of the page): they come only once a visitor is added.
    expect([...bytes.keys()].filter((url) => /\/assets\/(schemas|planning|zod-french)-/.test(url))).toEqual([]);
    // Nor inlined in the page's own chunk (a shared module importing a schema once pulled all of zod in: 92 → 123 KB).
    const scripts = [...bytes.keys()].filter((url) => new URL(url).pathname.endsWith('.js'));
    const withZod = [];
    for (const url of scripts) if ((await (await fetch(url)).text()).includes('ZodError')) withZod.push(new URL(url).pathname);
    expect(withZod).toEqual([]);

    const total = [...bytes.values()].reduce((sum, size) => sum + size, 0);
    const lines = [...bytes].sort((a, b) => b[1] - a[1]).map(([url, size]) => `  ${(size / 1024).toFixed(1).padStart(6)} KB  ${new URL(url).pathname}`);
    console.log(
      `/entrevue transfer (compressed as served, API excluded): ${(total / 1024).toFixed(1)} KB in ${bytes.size} files (target 120 KB)\n${lines.join('\n')}`,
    );
    expect(total).toBeLessThan(120 * 1024);
    await context.close();
  });

  it('/entrevue is its own page: every script it runs is named by its HTML (one round trip after it), none is the router', async () => {
    const [link] = await demoBookingLinks(getDeps(), 1);
    const html = await (await fetch(`${e2e.baseUrl}/entrevue/${link.uuid}`)).text();
    const named = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]));
    const context = await e2e.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'fr-FR' });
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });

    await page.goto(`${e2e.baseUrl}/entrevue/${link.uuid}`);
    await page.locator('.bk-main h1').first().waitFor();
    await page.waitForLoadState('networkidle');

    expect(html).toContain('<title>Votre rendez-vous · Livrea</title>');
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((script) => !named.has(script))).toEqual([]);
    expect(scripts.filter((script) => /\/assets\/(router|main)-/.test(script))).toEqual([]);
    await context.close();
  });
});
