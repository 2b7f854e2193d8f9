import { z } from 'zod';
import { getProgramsByIds, listAllPrograms, listProgramAccess } from '../../data/programs-repository';
import { getUsersByIds, listUsersByRole } from '../../data/users-repository';
import type { Caller } from '../../http/authenticate';
import type { Deps } from '../../runtime/deps';
import { updateProgramSettings } from '../programs/program-settings';
import { loadUser } from './user-detail';

const person = z.object({ _id: z.string(), name: z.string() });
type Person = z.infer<typeof person>;

export const programPermissionRowSchema = z.object({ _id: z.string(), name: z.string(), owner: person, authorized: z.array(person) });
export type ProgramPermissionRow = z.infer<typeof programPermissionRowSchema>;

export const userPermissionRowSchema = z.object({ _id: z.string(), name: z.string(), email: z.string(), role: z.string(), authorized: z.array(z.object({ _id: z.string(), name: z.string() })) });
export type UserPermissionRow = z.infer<typeof userPermissionRowSchema>;

export const permissionsMessages = {
  saved: 'Autorisations enregistrées',
} as const;

const nameOf = (user: { firstname: string; lastname: string }) => `${user.firstname} ${user.lastname}`.trim();

/**
 * GET /admin/permissions/programs: one row per program with its owner and authorized users (part 3
 * §3 'Program permission row'). These authorizations are the access items every program route
 * checks (functions/core/programs/program-access.ts).
 */
export async function listProgramPermissions(deps: Deps): Promise<ProgramPermissionRow[]> {
  const programs = await listAllPrograms(deps.db);
  const users = await getUsersByIds(deps.db, programs.flatMap((program) => [program.owner, ...program.authorized]));
  const byId = new Map(users.map((user) => [user._id, { _id: user._id, name: nameOf(user) }]));
  const personOf = (id: string): Person => byId.get(id) ?? { _id: id, name: id };
  return programs
    .map((program) => ({ _id: program._id, name: program.name, owner: personOf(program.owner), authorized: program.authorized.map(personOf) }))
    .sort((a, b) => a.name.localeCompare(b.name, 'fr'));
}

/** PATCH /admin/permissions/programs/{id} {authorized}: the program's authorized AMOs (the settings' own rule and write). */
export async function setProgramPermissions(deps: Deps, caller: Caller, programId: string, authorized: string[]): Promise<{ message: string; row: ProgramPermissionRow }> {
  const { program } = await updateProgramSettings(deps, caller, programId, { authorized });
  const users = await getUsersByIds(deps.db, [program.owner, ...program.authorized]);
  const byId = new Map(users.map((user) => [user._id, { _id: user._id, name: nameOf(user) }]));
  const personOf = (id: string): Person => byId.get(id) ?? { _id: id, name: id };
  return { message: permissionsMessages.saved, row: { _id: program._id, name: program.name, owner: personOf(program.owner), authorized: program.authorized.map(personOf) } };
}

/** GET /admin/permissions/users: every AMO with the programs it is authorized on. */
export async function listUserPermissions(deps: Deps): Promise<UserPermissionRow[]> {
  const amos = await listUsersByRole(deps.db, 'amo');
  const access = await Promise.all(amos.map((amo) => listProgramAccess(deps.db, amo._id)));
  const programs = await getProgramsByIds(deps.db, access.flat().map((entry) => entry.programId));
  const programName = new Map(programs.map((program) => [program._id, program.name]));
  return amos.map((amo, index) => ({
    _id: amo._id,
    name: nameOf(amo),
    email: amo.email,
    role: amo.role,
    authorized: access[index].filter((entry) => programName.has(entry.programId)).map((entry) => ({ _id: entry.programId, name: programName.get(entry.programId)! })),
  }));
}

/**
 * PATCH /admin/permissions/users/{id} {authorized: program ids}: the programs an AMO is authorized
 * on. Each program that gains or loses the AMO is saved through the settings' write (conditioned
 * on the program's version, so a concurrent edit of the same program is not lost).
 */
export async function setUserPermissions(deps: Deps, caller: Caller, userId: string, programIds: string[]): Promise<{ message: string }> {
  await loadUser(deps, userId);
  const current = (await listProgramAccess(deps.db, userId)).filter((entry) => entry.access === 'authorized').map((entry) => entry.programId);
  const wanted = new Set(programIds);
  const changed = await getProgramsByIds(deps.db, [...new Set([...current, ...programIds])].filter((id) => wanted.has(id) !== current.includes(id)));
  for (const program of changed) {
    const authorized = wanted.has(program._id) ? [...new Set([...program.authorized, userId])] : program.authorized.filter((id) => id !== userId);
    await updateProgramSettings(deps, caller, program._id, { authorized });
  }
  return { message: permissionsMessages.saved };
}
