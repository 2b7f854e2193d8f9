import type { Browser } from 'puppeteer-core';
import { localChromiumPath } from './chromium-path';

/**
 * Headless Chromium: in AWS the build @sparticuz/chromium unpacks into /tmp; locally the system's
 * chromium when there is one, else that same build (see localChromiumPath).
 */
async function launchOptions(): Promise<{ executablePath: string; args: string[] }> {
  if (process.env.LIVREA_RUNTIME === 'aws') {
    const chromium = (await import('@sparticuz/chromium')).default;
    // The stack copies the package's bin/ beside the bundle (infra/stacks/function-overrides.ts).
    return { executablePath: await chromium.executablePath(process.env.CHROMIUM_BIN_DIR), args: chromium.args };
  }
  return {
    executablePath: await localChromiumPath(),
    // Headless Chromium draws its own omnibox popups (WebUI renderers) in every new page: about a
    // second of CPU a print on this machine (docs/performance.md « Big programs »); Puppeteer merges
    // this list with its own.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
    ],
  };
}

// One browser per process, kept between invocations: a warm renderer only opens a page.
let browser: Promise<Browser> | undefined;

// puppeteer-core is loaded at the first print, not by every instance that can reach one (about
// 0.15 s of CPU each: the local workers' profiles, as for exceljs in runtime/load-exceljs.ts).
function sharedBrowser(): Promise<Browser> {
  browser ??= Promise.all([launchOptions(), import('puppeteer-core')])
    .then(([{ executablePath, args }, { default: puppeteer }]) => puppeteer.launch({ executablePath, args, headless: true }))
    .catch((error: unknown) => {
      browser = undefined;
      throw error;
    });
  return browser;
}

/** Closes the shared browser (tests, bench and the local server's shutdown). */
export async function closePdfBrowser(): Promise<void> {
  const current = browser;
  browser = undefined;
  if (current) await (await current).close();
}

/**
 * Opens the product's print page and prints it: A4 landscape, backgrounds kept. The page sets
 * `data-print-ready` on <html> once drawn, or `data-print-error` when its data could not be read.
 * The PDF is untagged: it is the paper copy of a planning the app shows accessibly (viewer, XLSX,
 * ICS), and Chromium's structure tags made a 600-lot print nine times larger (676 KB against 75 KB)
 * and its printing step two to three times slower (the bench's target: 3 s warm).
 */
export async function renderPrintPage(url: string, timeoutMs = 25_000): Promise<Buffer> {
  const page = await (await sharedBrowser()).newPage();
  try {
    await page.goto(url, { waitUntil: 'domcontentloaded', timeout: timeoutMs });
    await page.waitForSelector('html[data-print-ready], html[data-print-error]', { timeout: timeoutMs });
    if (await page.$('html[data-print-error]')) throw new Error('the print page could not load its data');
    return Buffer.from(await page.pdf({ format: 'A4', landscape: true, printBackground: true, preferCSSPageSize: true, tagged: false, timeout: timeoutMs }));
  } finally {
    await page.close();
  }
}
