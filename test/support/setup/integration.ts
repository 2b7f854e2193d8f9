import { ensureDynamoDbLocal } from './dynamodb';
import { ensureThroughputModel } from './throughput-model';

/**
 * The integration project's globalSetup: DynamoDB Local, with DynamoDB's partition limits in front
 * of it (each test file makes its own table).
 */
export default async function integrationSetup(): Promise<void> {
  await ensureDynamoDbLocal();
  await ensureThroughputModel();
}
