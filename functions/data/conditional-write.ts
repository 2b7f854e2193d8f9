import { isConditionFailure } from './db';
import type { CommitOutcome } from './named-commit';

/**
 * The outcome of one conditional write (a single item, or a transaction whose only checks guard
 * one thing): refused under `role` when its condition failed, nothing written. Any other error is
 * thrown.
 */
export async function conditionalWrite<Role extends string>(write: Promise<unknown>, role: Role): Promise<CommitOutcome<Role>> {
  try {
    await write;
    return { committed: true };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return { committed: false, lost: [role] };
  }
}
