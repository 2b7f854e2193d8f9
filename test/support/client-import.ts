import type { OperationView } from '../../shared/domain/operation';
import { settledOperation } from './settled-operation';
import type { TestResponse } from './test-api';

/**
 * The import operation a POST /lockup-clients or /client-files/{fileId}/import started (202), once
 * it ended: its status, and its result `{created, updated, warnings}` or its error `{message,
 * details: {cells, total}}`.
 */
export async function importOperation(started: TestResponse, token: string): Promise<OperationView> {
  if (started.status !== 202) throw new Error(`import not started: ${started.status} ${JSON.stringify(started.body)}`);
  return settledOperation(started.body.operation.id, token);
}

/** What an import came to, as the synchronous route used to answer it: its result once done, its error once failed. */
export async function importOutcome(started: TestResponse, token: string): Promise<Record<string, unknown> | undefined> {
  const operation = await importOperation(started, token);
  return operation.status === 'done' ? operation.result : operation.error;
}
