import { operationViewSchema, type OperationView } from '../../shared/domain/operation';
import { call } from './test-api';

/**
 * An operation once it ended (GET /operations/{id} until it is no longer running), as the SPA
 * follows it. `call` runs the jobs a request handed over before it answers, but a local product
 * running beside the test (its own job poller) may have claimed them first.
 */
export async function settledOperation(id: string, token: string, timeoutMs = 120_000): Promise<OperationView> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const operation = operationViewSchema.parse((await call('GET', `/api/operations/${id}`, { token })).body);
    if (operation.status !== 'running' || Date.now() > until) return operation;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
