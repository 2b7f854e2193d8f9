import type { Program } from '../../../shared/domain/program';
import { getProgramsByIds, listAllPrograms, listProgramAccess, type ProgramRecord } from '../../data/programs-repository';
import type { Caller } from '../../http/authenticate';
import type { Deps } from '../../runtime/deps';
import { toProgram } from './program-view';

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

// GET /admin/programs: every program
export async function listProgramsForAdministrator(deps: Deps, filters: ProgramFilters): Promise<Program[]> {
  return (await listAllPrograms(deps.db)).filter(byFilters(filters)).map(toProgram);
}

/** GET /users/me/programs and /amo/programs: own programs and, for AMOs, those they are authorized on, once each. */
export async function listProgramsForUser(deps: Deps, caller: Caller, filters: ProgramFilters): Promise<Program[]> {
  const access = await listProgramAccess(deps.db, caller.userId);
  const ids = access.filter((entry) => entry.access === 'owner' || caller.role === 'amo' || caller.role === 'administrator').map((entry) => entry.programId);
  return (await getProgramsByIds(deps.db, ids)).filter(byFilters(filters)).sort(newestFirst).map(toProgram);
}
