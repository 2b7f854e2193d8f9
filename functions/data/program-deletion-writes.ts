import type { Db } from './db';
import { putJobItem, type JobRecord } from './jobs-repository';
import { markProgramDeletingItem } from './programs-repository';
import { commitNamedParts, type CommitOutcome } from './named-commit';

/**
 * What starting a program's deletion may lose to another writer: the program went, or another
 * deletion of it queued the purge job already (one purge job a program: its id is the program's).
 */
export type DeletionStartLost = 'program-gone' | 'purge-queued';

/**
 * Start Program Deletion (part 3 §6): the program marked deleting and its purge job written, in
 * one transaction, so that a crash never leaves a marked program without the job that removes it.
 */
export function startProgramDeletion(db: Db, programId: string, purge: JobRecord, now: Date): Promise<CommitOutcome<DeletionStartLost>> {
  return commitNamedParts<DeletionStartLost>(db, [
    { role: 'program-gone', items: [markProgramDeletingItem(db.table, programId, now.toISOString())] },
    { role: 'purge-queued', items: [putJobItem(db.table, purge)] },
  ]);
}
