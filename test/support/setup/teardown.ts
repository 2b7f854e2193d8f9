import { stopDynamoDbLocal } from './dynamodb';

/** Shared by the projects that start DynamoDB Local; jest runs it once per run. */
export default async function teardown(): Promise<void> {
  await stopDynamoDbLocal();
}
