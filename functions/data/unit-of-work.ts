import { commitTransaction, conditionHeld, isConditionFailure, type Db, type TransactionItem } from './db';

/**
 * A unit of work: several writes that happen all together or not at all. The repositories build
 * the writes (each knows its keys and the conditions that make it safe); the use cases only
 * gather them (the change, its history line, its jobs) and commit them here, never seeing how the
 * table stores them.
 */

/** One write of a unit, built by a repository. */
export type StorageWrite = TransactionItem;

/** Writes `writes` all or nothing; a unit refused because another writer came first throws an error `isLostRace` recognises. */
export async function commitUnit(db: Db, writes: StorageWrite[]): Promise<void> {
  await commitTransaction(db, writes);
}

/** Writes `writes` all or nothing: false when another writer came first (nothing was written); any other error thrown. */
export async function commitUnitIfFirst(db: Db, writes: StorageWrite[]): Promise<boolean> {
  return conditionHeld(commitTransaction(db, writes));
}

/**
 * Whether a write (a unit, or a repository's single conditional write) was refused because what it
 * was checked against changed meanwhile: another writer came first, and nothing was written.
 */
export function isLostRace(error: unknown): boolean {
  return isConditionFailure(error);
}

/**
 * Which writes of a refused unit lost their race (their positions in the unit), so that a use case
 * can tell whose check failed: null when the error does not say (not a refused unit).
 */
export function racesLostAt(error: unknown): number[] | null {
  const reasons = (error as { CancellationReasons?: { Code?: string }[] } | null)?.CancellationReasons;
  if (!reasons) return null;
  return reasons.flatMap((reason, index) => (reason?.Code === 'ConditionalCheckFailed' ? [index] : []));
}
