import { ensureDynamoDbLocal } from './dynamodb';

/** The integration project's globalSetup: DynamoDB Local only (each test file makes its own table). */
export default async function integrationSetup(): Promise<void> {
  await ensureDynamoDbLocal();
}
