import type { OperationKind, OperationView } from '../../../shared/domain/operation';
import { operationMessages } from '../../../shared/messages/operations';
import { getOperation, listProgramOperations } from '../../data/operations-repository';
import type { Deps } from '../../runtime/deps';
import type { Caller } from '../caller';
import { NotFoundError } from '../errors';
import { loadProgramFor } from '../programs/program-access';
import { toOperationView } from './operation-view';

/** Operations a program's screens list again after a reload: the running ones and those ended within this long. */
const recentMs = 24 * 3_600_000;

/**
 * GET /operations/{id}: a member of its program (a colleague follows the same import), like every
 * program route (403 otherwise); its creator even once removed from the program.
 */
export async function operationFor(deps: Deps, caller: Caller, id: string): Promise<OperationView> {
  const operation = await getOperation(deps.store, id);
  if (!operation) throw new NotFoundError(operationMessages.notFound);
  if (operation.ownerId !== caller.userId) await loadProgramFor(deps, caller, operation.programId);
  return toOperationView(operation);
}

/** GET /programs/{id}/operations[?kind=]: the program's operations running or ended in the last day, newest first (at most 20). */
export async function programOperations(deps: Deps, caller: Caller, programId: string, kind?: OperationKind): Promise<{ operations: OperationView[] }> {
  await loadProgramFor(deps, caller, programId);
  const since = new Date(deps.now().getTime() - recentMs).toISOString();
  const operations = await listProgramOperations(deps.store, programId, since, 20);
  return { operations: operations.filter((operation) => !kind || operation.kind === kind).map(toOperationView) };
}
