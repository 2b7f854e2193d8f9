import type { OperationKind } from '../../../shared/domain/operation';

/** The job kind that advances operations of one kind (each kind registers its runner in job-runners.ts). */
export function operationJobKind(kind: OperationKind): string {
  return `operation-${kind}`;
}

/** The id of an operation's n-th run: derived, so a continuation is queued once however often its run is redone. */
export function operationJobId(operationId: string, run: number): string {
  return `${operationId}.run${run}`;
}
