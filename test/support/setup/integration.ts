import { ensureDynamoDbLocal } from './dynamodb';
import { ensureThroughputModel } from './throughput-model';
import { useLambdaChromium } from './lambda-chromium';

/**
 * The integration project's globalSetup: the Lambda build of Chromium for the prints, DynamoDB
 * Local, with DynamoDB's partition limits in front of it (each test file makes its own table).
 */
export default async function integrationSetup(): Promise<void> {
  await useLambdaChromium();
  await ensureDynamoDbLocal();
  await ensureThroughputModel();
}
