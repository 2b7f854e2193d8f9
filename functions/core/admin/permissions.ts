import type { ProgramPermissionRow, UserPermissionRow } from '../../../shared/domain/permissions';
import { getProgramsByIds, listAllPrograms, listProgramAccess } from '../../data/programs-repository';
import { getUsersByIds, listUsersByRole } from '../../data/users-repository';
import type { Caller } from '../caller';
import type { Deps } from '../../runtime/deps';
import { loadProgramFor } from '../programs/program-access';
import { sameMembers, updateProgramSettings } from '../programs/program-settings';
import { loadUser } from './user-detail';
import { permissionsMessages } from '../../../shared/messages/admin';

type Person = ProgramPermissionRow['owner'];

/** The roles that hold program permissions: promoters own programs, AMOs are authorized on them. */
const permissionHolders = ['amo', 'promoter'] as const;

const nameOf = (user: { firstname: string; lastname: string }) => `${user.firstname} ${user.lastname}`.trim();

/**
 * GET /admin/permissions/programs: one row per program with its owner and authorized users (part 3
 * §3 'Program permission row'). These authorizations are the access items every program route
 * checks (functions/core/programs/program-access.ts).
 */
export async function listProgramPermissions(deps: Deps): Promise<ProgramPermissionRow[]> {
  const programs = await listAllPrograms(deps.store);
  const users = await getUsersByIds(
    deps.store,
    programs.flatMap((program) => [program.owner, ...program.authorized]),
  );
  const byId = new Map(users.map((user) => [user._id, { _id: user._id, name: nameOf(user) }]));
  const personOf = (id: string): Person => byId.get(id) ?? { _id: id, name: id };
  return programs
    .map((program) => ({ _id: program._id, name: program.name, owner: personOf(program.owner), authorized: program.authorized.map(personOf) }))
    .sort((a, b) => a.name.localeCompare(b.name, 'fr'));
}

/** PATCH /admin/permissions/programs/{id} {authorized}: the program's authorized AMOs (the settings' own rule and write). */
export async function setProgramPermissions(
  deps: Deps,
  caller: Caller,
  programId: string,
  authorized: string[],
): Promise<{ message: string; row: ProgramPermissionRow }> {
  const before = await loadProgramFor(deps, caller, programId);
  const unchanged = sameMembers(before.authorized, authorized);
  const { program } = unchanged ? { program: before } : await updateProgramSettings(deps, caller, programId, { authorized });
  const users = await getUsersByIds(deps.store, [program.owner, ...program.authorized]);
  const byId = new Map(users.map((user) => [user._id, { _id: user._id, name: nameOf(user) }]));
  const personOf = (id: string): Person => byId.get(id) ?? { _id: id, name: id };
  return {
    message: unchanged ? permissionsMessages.unchanged : permissionsMessages.saved,
    row: { _id: program._id, name: program.name, owner: personOf(program.owner), authorized: program.authorized.map(personOf) },
  };
}

/**
 * GET /admin/permissions/users: every account that holds program permissions (part 3 §3, §6): AMOs
 * with the programs they are authorized on (editable here), promoters with the programs they own
 * (a program's owner is fixed; only AMOs can be authorized on a program).
 */
export async function listUserPermissions(deps: Deps): Promise<UserPermissionRow[]> {
  const accounts = (await Promise.all(permissionHolders.map((role) => listUsersByRole(deps.store, role)))).flat();
  const access = await Promise.all(accounts.map((account) => listProgramAccess(deps.store, account._id)));
  const programs = await getProgramsByIds(
    deps.store,
    access.flat().map((entry) => entry.programId),
  );
  const programName = new Map(programs.map((program) => [program._id, program.name]));
  const programsOf = (entries: { programId: string }[]) =>
    entries.filter((entry) => programName.has(entry.programId)).map((entry) => ({ _id: entry.programId, name: programName.get(entry.programId)! }));
  return accounts
    .map((account, index) => ({
      _id: account._id,
      name: nameOf(account),
      email: account.email,
      role: account.role,
      authorized: programsOf(access[index].filter((entry) => entry.access === 'authorized')),
      owned: programsOf(access[index].filter((entry) => entry.access === 'owner')),
    }))
    .sort((a, b) => a.name.localeCompare(b.name, 'fr'));
}

/**
 * PATCH /admin/permissions/users/{id} {authorized: program ids}: the programs an AMO is authorized
 * on. Each program that gains or loses the AMO is saved through the settings' write (conditioned
 * on the program's version, so a concurrent edit of the same program is not lost).
 */
export async function setUserPermissions(deps: Deps, caller: Caller, userId: string, programIds: string[]): Promise<{ message: string }> {
  await loadUser(deps, userId);
  const current = (await listProgramAccess(deps.store, userId)).filter((entry) => entry.access === 'authorized').map((entry) => entry.programId);
  const wanted = new Set(programIds);
  const changed = await getProgramsByIds(
    deps.store,
    [...new Set([...current, ...programIds])].filter((id) => wanted.has(id) !== current.includes(id)),
  );
  for (const program of changed) {
    const authorized = wanted.has(program._id) ? [...new Set([...program.authorized, userId])] : program.authorized.filter((id) => id !== userId);
    await updateProgramSettings(deps, caller, program._id, { authorized });
  }
  return { message: changed.length === 0 ? permissionsMessages.unchanged : permissionsMessages.saved };
}
