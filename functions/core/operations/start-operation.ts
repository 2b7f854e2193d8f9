import type { OperationKind, OperationView } from '../../../shared/domain/operation';
import { newJob } from '../../data/jobs-repository';
import { commitOperationStart, type RequestWrite } from '../../data/operation-start-writes';
import { getOperation, type OperationRecord } from '../../data/operations-repository';
import type { Deps } from '../../runtime/deps';
import type { Caller } from '../caller';
import { ConflictError } from '../errors';
import { deliverCommittedJobs } from '../jobs/schedule-job';
import { operationIdFor } from './operation-id';
import { operationJobId, operationJobKind } from './operation-job';
import { toOperationView } from './operation-view';
import { operationMessages } from '../../../shared/messages/operations';

export interface OperationStart {
  kind: OperationKind;
  /** The client's Idempotency-Key header, when it sent one. */
  idempotencyKey?: string;
  programId: string;
  planningId?: string;
  /** The units of work when known at the start (rows of a file, buyers); 0 while unknown. */
  total: number;
  step: string;
  /** What the first step needs (small; a file's key, a request's fields). */
  state: Record<string, unknown>;
  /** What the request commits with the operation (a planning in creation…), all or nothing. */
  writes?: (operationId: string) => RequestWrite[];
  /**
   * When the first job is due, if not at once: a request that runs a small operation to its end
   * itself leaves its job for later, to resume the operation only if the request died.
   */
  firstRunAt?: Date;
}

/** What to say when the request's operation was refused because something it writes changed meanwhile. */
const operationRaceMessage = operationMessages.race;

/**
 * Starts an operation: the operation, its first job and the request's own writes in one
 * transaction, then the job handed to the dispatcher (the request never waits for the work). The
 * same idempotency key answers the operation it started the first time, whatever became of it.
 */
export async function startOperation(deps: Deps, caller: Caller, start: OperationStart): Promise<{ operation: OperationView; created: boolean }> {
  const id = operationIdFor(caller.userId, start.kind, start.idempotencyKey);
  if (start.idempotencyKey) {
    const existing = await getOperation(deps.store, id);
    if (existing) return { operation: toOperationView(existing), created: false };
  }
  const now = deps.now().toISOString();
  const operation: OperationRecord = {
    id,
    kind: start.kind,
    status: 'running',
    progress: { done: 0, total: start.total },
    step: start.step,
    programId: start.programId,
    planningId: start.planningId,
    ownerId: caller.userId,
    cursor: 0,
    state: start.state,
    createdAt: now,
    updatedAt: now,
  };
  const job = newJob(operationJobId(id, 0), operationJobKind(start.kind), { operationId: id, run: 0 }, start.firstRunAt ?? deps.now(), deps.now());
  const started = await commitOperationStart(deps.store, operation, job, start.writes?.(id) ?? []);
  if (!started.committed) {
    // The same request at the same moment (a double click, a retry crossing the first answer).
    const existing = await getOperation(deps.store, id);
    if (existing) return { operation: toOperationView(existing), created: false };
    throw new ConflictError(operationRaceMessage);
  }
  await deliverCommittedJobs(deps, [job]);
  return { operation: toOperationView(operation), created: true };
}
