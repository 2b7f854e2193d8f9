import { resolve } from 'node:path';
import { buildSpaIfNeeded } from '../../../infra/local/build-spa';
import { ensureDynamoDbLocal } from './dynamodb';

/** The browser project's globalSetup: an up-to-date SPA build, and DynamoDB Local. */
export default async function e2eSetup(): Promise<void> {
  buildSpaIfNeeded(resolve(__dirname, '../../..'));
  await ensureDynamoDbLocal();
}
