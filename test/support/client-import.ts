import { operationViewSchema, type OperationView } from '../../shared/domain/operation';
import { call, type TestResponse } from './test-api';

/**
 * The import operation a POST /lockup-clients or /client-files/{fileId}/import started (202), once
 * it ended: its status, and its result `{created, updated, warnings}` or its error `{message,
 * details: {cells, total}}`. `call` runs the jobs the request handed over before it answers, but a
 * local product running beside the test (its own dispatcher) may have claimed them first: then the
 * operation is followed as the SPA does, until it ends.
 */
export async function importOperation(started: TestResponse, token: string, timeoutMs = 120_000): Promise<OperationView> {
  if (started.status !== 202) throw new Error(`import not started: ${started.status} ${JSON.stringify(started.body)}`);
  const until = Date.now() + timeoutMs;
  for (;;) {
    const operation = operationViewSchema.parse((await call('GET', `/api/operations/${started.body.operation.id}`, { token })).body);
    if (operation.status !== 'running' || Date.now() > until) return operation;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** What an import came to, as the synchronous route used to answer it: its result once done, its error once failed. */
export async function importOutcome(started: TestResponse, token: string): Promise<Record<string, unknown> | undefined> {
  const operation = await importOperation(started, token);
  return operation.status === 'done' ? operation.result : operation.error;
}
