import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './browser';
import { copyDemoTemplate } from './demo-template';
import { sharedProduct } from './shared-product';

export interface E2eContext {
  baseUrl: string;
  browser: Browser;
  stop(): Promise<void>;
}

/**
 * The local product (real handlers, demo data, built SPA), shared by the jest worker's browser
 * files (shared-product.ts), on the run's DynamoDB Local with this file's own table, and a
 * headless Chromium.
 */
export async function startE2e(): Promise<E2eContext> {
  const dataDir = mkdtempSync(join(tmpdir(), 'livrea-e2e-'));
  // The run's demo, seeded once, copied into this file's table: the product then finds it seeded.
  await copyDemoTemplate(process.env.DYNAMODB_ENDPOINT!, process.env.TABLE_NAME!, dataDir);
  const product = await sharedProduct({ tableName: process.env.TABLE_NAME!, dataDir });
  // Links in the mails of this run (booking, reset, shared calendar) open this product.
  process.env.PUBLIC_URL = product.url;
  const browser = await launchBrowser();
  return {
    baseUrl: product.url,
    browser,
    // The product stays for the worker's next file (shared-product.ts).
    stop: () => browser.close(),
  };
}

/**
 * Saves a screenshot under test-results/ (for a person to look at when a journey fails). The
 * journeys' screenshots are JPEG (the path's extension): a full-page capture of a long page costs
 * Chromium about 0.15 s of CPU, against 0.26 s in PNG, and a run takes about 420.
 */
export async function snapshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(resolve(__dirname, '../../test-results'), `${name}.jpg`), fullPage: true });
}
