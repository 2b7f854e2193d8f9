import type { Program } from '../../../shared/domain/program';
import { isStaff } from '../../../shared/domain/roles';
import { getProgramsByIds, listAllPrograms, listProgramAccess, type ProgramRecord } from '../../data/programs-repository';
import type { Caller } from '../caller';
import type { Deps } from '../../runtime/deps';
import { ForbiddenError } from '../errors';
import { toProgram } from './program-view';
import { programMessages } from '../../../shared/messages/programs';

/** Part 3 §6: access without permission to the program list. */
const programListForbidden = programMessages.listForbidden;

export interface ProgramFilters {
  /** Actifs (default on) and Archivés (default off), part 3 §4. */
  isActifSelected: boolean;
  isArchivedSelected: boolean;
}

function byFilters(filters: ProgramFilters) {
  return (program: ProgramRecord) => (program.isArchived ? filters.isArchivedSelected : filters.isActifSelected);
}

function newestFirst(a: ProgramRecord, b: ProgramRecord): number {
  return b.createdAt.localeCompare(a.createdAt);
}

// GET /admin/programs: every program, for administrators only
export async function listProgramsForAdministrator(deps: Deps, caller: Caller, filters: ProgramFilters): Promise<Program[]> {
  if (caller.role !== 'administrator') throw new ForbiddenError(programListForbidden);
  return (await listAllPrograms(deps.store)).filter(byFilters(filters)).map(toProgram);
}

/** GET /users/me/programs and /amo/programs: own programs and, for AMOs, those they are authorized on, once each. */
export async function listProgramsForUser(deps: Deps, caller: Caller, filters: ProgramFilters): Promise<Program[]> {
  if (!isStaff(caller.role)) throw new ForbiddenError(programListForbidden);
  const access = await listProgramAccess(deps.store, caller.userId);
  const ids = access.filter((entry) => entry.access === 'owner' || caller.role === 'amo' || caller.role === 'administrator').map((entry) => entry.programId);
  return (await getProgramsByIds(deps.store, ids)).filter(byFilters(filters)).sort(newestFirst).map(toProgram);
}
