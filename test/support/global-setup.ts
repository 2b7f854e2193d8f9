import { resolve } from 'node:path';
import { buildSpaIfNeeded } from '../../infra/local/build-spa';
import { startDynamoDbLocal } from '../../infra/local/dynamodb-local';

/**
 * Once per run: DynamoDB Local in memory (each test file then uses its own table) and an
 * up-to-date SPA build for the browser journeys.
 */
export default async function globalSetup(): Promise<void> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  buildSpaIfNeeded(resolve(__dirname, '../..'));
  const dynamo = await startDynamoDbLocal();
  process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
  (globalThis as { __livreaDynamo?: typeof dynamo }).__livreaDynamo = dynamo;
}
