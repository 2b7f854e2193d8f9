import { DeleteTableCommand, DynamoDBClient, ResourceNotFoundException } from '@aws-sdk/client-dynamodb';
import { requireEnv } from '../../../functions/runtime/env';
import { ensureTable } from '../create-table';

function localClient(): DynamoDBClient {
  return new DynamoDBClient({
    endpoint: requireEnv('DYNAMODB_ENDPOINT'),
    region: 'eu-west-3',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

/** An empty table of the product's shape, whatever was there before (DynamoDB Local only). */
export async function rebuildTable(table: string): Promise<void> {
  try {
    await localClient().send(new DeleteTableCommand({ TableName: table }));
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException) && (error as { name?: string }).name !== 'ResourceNotFoundException') throw error;
  }
  await ensureTable(localClient(), table);
}
