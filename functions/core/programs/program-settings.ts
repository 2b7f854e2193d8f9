import type { Program, ProgramSettings } from '../../../shared/domain/program';
import { messages } from '../../../shared/messages/common';
import { type ProgramRecord, programRecordSchema, saveProgram } from '../../data/programs-repository';
import { getUsersByIds } from '../../data/users-repository';
import type { Caller } from '../caller';
import type { Deps } from '../../runtime/deps';
import { ConflictError, ForbiddenError, ValidationError } from '../errors';
import { loadProgramFor } from './program-access';
import { toProgram } from './program-view';
import { programMessages } from '../../../shared/messages/programs';

const settingsSaved = programMessages.settingsSaved;

/**
 * GET /programs/{id}: the program and its number of lots, never the lots themselves (their pages
 * are GET /programs/{id}/clients): the answer stays the same size at 10,000 lots
 * (docs/architecture.md « Bounded answers », « Departures from the starting map »).
 */
export async function getProgramDetail(deps: Deps, caller: Caller, programId: string): Promise<Program> {
  const program = await loadProgramFor(deps, caller, programId);
  return { ...toProgram(program), lotCount: program.lotCount ?? 0 };
}

/** Who decides which AMOs reach a program: its owner and administrators, never an authorized AMO. */
function mayChangeAuthorizations(caller: Caller, program: ProgramRecord): boolean {
  return caller.role === 'administrator' || caller.userId === program.owner;
}

export function sameMembers(a: readonly string[], b: readonly string[]): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((id) => right.has(id));
}

/**
 * PATCH /programs/{id}: settings fields, or the authorized AMOs (AMO accounts only). An authorized
 * AMO may edit the settings but not the list (it could remove every AMO, itself
 * included); sending the list unchanged is allowed, the settings form sends it back as read.
 */
export async function updateProgramSettings(
  deps: Deps,
  caller: Caller,
  programId: string,
  patch: ProgramSettings,
): Promise<{ message: string; program: Program }> {
  const current = await loadProgramFor(deps, caller, programId);
  if (patch.authorized && !sameMembers(patch.authorized, current.authorized) && !mayChangeAuthorizations(caller, current)) {
    throw new ForbiddenError(messages.forbidden);
  }
  if (patch.authorized) {
    const users = await getUsersByIds(deps.store, patch.authorized);
    if (users.length !== new Set(patch.authorized).size || users.some((user) => user.role !== 'amo')) {
      throw new ValidationError(programMessages.authorizedNotAmo, [{ path: 'authorized', message: 'Compte AMO inconnu' }]);
    }
  }
  const next = programRecordSchema.parse({ ...current, ...patch, updatedAt: deps.now().toISOString() });
  const saved = await saveProgram(deps.store, current, next);
  if (!saved.committed) throw new ConflictError(programMessages.changedMeanwhile);
  return { message: settingsSaved, program: toProgram(next) };
}
