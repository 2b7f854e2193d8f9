import { operationViewSchema, type OperationView } from '../../shared/domain/operation';
import { call } from './test-api';
import { readUntil } from './eventually';

/**
 * An operation once it ended (GET /operations/{id} until it is no longer running), as the SPA
 * follows it. `call` runs the jobs a request handed over before it answers, but a local product
 * running beside the test (its own job poller) may have claimed them first.
 */
export async function settledOperation(id: string, token: string, timeoutMs = 120_000): Promise<OperationView> {
  return readUntil(
    async () => operationViewSchema.parse((await call('GET', `/api/operations/${id}`, { token })).body),
    (operation) => operation.status !== 'running',
    timeoutMs,
  );
}
