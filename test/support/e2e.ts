import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { freePort } from '../../infra/local/dynamodb-local';
import { startLocalProduct, type RunningProduct } from '../../infra/local/local-product';
import { launchBrowser } from './browser';
import { copyDemoTemplate } from './demo-template';

export interface E2eContext {
  baseUrl: string;
  browser: Browser;
  product: RunningProduct;
  stop(): Promise<void>;
}

/**
 * The local product (real handlers, demo data, built SPA) on a free port, on the run's DynamoDB
 * Local with this file's own table, and a headless Chromium.
 */
export async function startE2e(): Promise<E2eContext> {
  const port = await freePort();
  // Links in the mails of this run (booking, reset, shared calendar) open this product.
  process.env.PUBLIC_URL = `http://localhost:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'livrea-e2e-'));
  // The run's demo, seeded once, copied into this file's table: the product then finds it seeded.
  await copyDemoTemplate(process.env.DYNAMODB_ENDPOINT!, process.env.TABLE_NAME!, dataDir);
  const product = await startLocalProduct({
    port,
    webDir: resolve(__dirname, '../../web/dist'),
    dataDir,
    dynamoEndpoint: process.env.DYNAMODB_ENDPOINT,
    tableName: process.env.TABLE_NAME,
  });
  const browser = await launchBrowser();
  return {
    baseUrl: product.url,
    browser,
    product,
    stop: async () => {
      await browser.close();
      await product.stop();
    },
  };
}

/** Saves a screenshot under test-results/ (for a person to look at when a journey fails). */
export async function snapshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(resolve(__dirname, '../../test-results'), `${name}.png`), fullPage: true });
}
