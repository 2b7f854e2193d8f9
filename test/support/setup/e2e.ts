import { resolve } from 'node:path';
import { buildSpaIfNeeded } from '../../../infra/local/build-spa';
import { startDemoTemplate } from '../demo-template';
import { sharedProductsFolder } from '../shared-product';
import { ensureDynamoDbLocal } from './dynamodb';
import { useLambdaChromium } from './lambda-chromium';

/** The browser project's globalSetup: an up-to-date SPA build, the Lambda build of Chromium, DynamoDB Local, and the demo seeded once for every journey. */
export default async function e2eSetup(): Promise<void> {
  buildSpaIfNeeded(resolve(__dirname, '../../..'));
  await useLambdaChromium();
  await ensureDynamoDbLocal();
  startDemoTemplate(process.env.DYNAMODB_ENDPOINT!);
  // Where each jest worker records its shared product (the workers inherit the variable).
  sharedProductsFolder();
}
