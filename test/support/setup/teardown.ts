import { stopSharedProducts } from '../shared-product';
import { stopDynamoDbLocal } from './dynamodb';
import { stopThroughputModel } from './throughput-model';

/** Shared by the projects that start DynamoDB Local; jest runs it once per run. */
export default async function teardown(): Promise<void> {
  // The browser journeys' products first: their workers' last requests still reach DynamoDB Local.
  await stopSharedProducts();
  await stopThroughputModel();
  await stopDynamoDbLocal();
}
