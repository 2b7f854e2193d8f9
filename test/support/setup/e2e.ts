import { resolve } from 'node:path';
import { buildSpaIfNeeded } from '../../../infra/local/build-spa';
import { startDemoTemplate } from '../demo-template';
import { sharedProductsFolder } from '../shared-product';
import { ensureDynamoDbLocal } from './dynamodb';

/** The browser project's globalSetup: an up-to-date SPA build, DynamoDB Local, and the demo seeded once for every journey. */
export default async function e2eSetup(): Promise<void> {
  buildSpaIfNeeded(resolve(__dirname, '../../..'));
  await ensureDynamoDbLocal();
  startDemoTemplate(process.env.DYNAMODB_ENDPOINT!);
  // Where each jest worker records its shared product (the workers inherit the variable).
  sharedProductsFolder();
}
