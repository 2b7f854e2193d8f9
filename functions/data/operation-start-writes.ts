import type { Db, TransactionItem } from './db';
import { putJobItem, type JobRecord } from './jobs-repository';
import { putOperationItem, type OperationRecord } from './operations-repository';
import { commitNamedParts, type CommitOutcome } from './named-commit';

declare const unopened: unique symbol;

/**
 * A write a request commits with the operation it starts (a planning in creation and its plan
 * pages, a planning marked deleted…), as the data layer's functions for that request prepare it:
 * opaque outside functions/data, the use case hands it on unopened.
 */
export interface RequestWrite {
  readonly [unopened]: 'request-write';
}

/** The data layer's writes of a request, sealed for the use case to hand on. */
export function sealedRequestWrites(items: TransactionItem[]): RequestWrite[] {
  return items as unknown as RequestWrite[];
}

/**
 * What starting an operation may lose to another writer: the same request started it already (a
 * double click, a retry crossing the first answer), or something the request writes changed meanwhile.
 */
export type OperationStartLost = 'operation-exists' | 'request-changed';

/**
 * Start Operation (docs/architecture.md « Operations »): the operation, its first job and the
 * request's own writes in one transaction.
 */
export function commitOperationStart(
  db: Db,
  operation: OperationRecord,
  firstJob: JobRecord,
  requestWrites: RequestWrite[],
): Promise<CommitOutcome<OperationStartLost>> {
  return commitNamedParts<OperationStartLost>(db, [
    { role: 'operation-exists', items: [putOperationItem(db.table, operation), putJobItem(db.table, firstJob)] },
    { role: 'request-changed', items: requestWrites as unknown as TransactionItem[] },
  ]);
}
