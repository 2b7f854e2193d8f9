import { adminUserMessages, type AdminUser, type Housing } from '../../../shared/domain/admin-users';
import { listLots, lotEmailClaims } from '../../data/lots-repository';
import { getProgram } from '../../data/programs-repository';
import { getUserById, type UserRecord } from '../../data/users-repository';
import type { Deps } from '../../runtime/deps';
import { NotFoundError } from '../errors';
import { toAdminUser } from './admin-user-view';

export async function loadUser(deps: Deps, userId: string): Promise<UserRecord> {
  const user = await getUserById(deps.db, userId);
  if (!user) throw new NotFoundError(adminUserMessages.userNotFound);
  return user;
}

/**
 * The housings of a buyer: the lots whose buyer e-mail is the account's (the program is found
 * through the e-mail's claim, then its lots are read).
 */
export async function housingsOf(deps: Deps, email: string): Promise<Housing[]> {
  const programId = (await lotEmailClaims(deps.db, [email])).get(email.toLowerCase());
  if (!programId) return [];
  const [program, lots] = await Promise.all([getProgram(deps.db, programId), listLots(deps.db, programId)]);
  if (!program) return [];
  const address = email.toLowerCase();
  return lots
    .filter((lot) => lot.mailmonsieur.toLowerCase() === address || lot.mailmadame?.toLowerCase() === address)
    .map((lot) => ({ program: { _id: program._id, name: program.name, promotername: program.promotername }, lotcomm: lot.lotcomm, typologie: lot.typologie }));
}

/** GET /admin/users/{id}: the profile and the housings (part 3 §2 'User detail'). */
export async function getUserDetail(deps: Deps, userId: string): Promise<{ user: AdminUser; housings: Housing[] }> {
  const user = await loadUser(deps, userId);
  return { user: toAdminUser(user), housings: await housingsOf(deps, user.email) };
}
