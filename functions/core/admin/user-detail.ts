import { type AdminUser, type Housing } from '../../../shared/domain/admin-users';
import { adminUserMessages } from '../../../shared/messages/admin';
import { listHousingLinks } from '../../data/housing-links-repository';
import { getLot } from '../../data/lots-repository';
import { getProgramsByIds } from '../../data/programs-repository';
import { getUserById, type UserRecord } from '../../data/users-repository';
import type { Deps } from '../../runtime/deps';
import { NotFoundError } from '../errors';
import { toAdminUser } from './admin-user-view';

export async function loadUser(deps: Deps, userId: string): Promise<UserRecord> {
  const user = await getUserById(deps.store, userId);
  if (!user) throw new NotFoundError(adminUserMessages.userNotFound);
  return user;
}

/**
 * The housings of a buyer as their own area lists them ('Mes logements', GET /users/me/housings):
 * the account's housing links, whichever program or e-mail each came by, ordered alike.
 */
export async function housingsOf(deps: Deps, userId: string): Promise<Housing[]> {
  const links = await listHousingLinks(deps.store, userId);
  const programs = new Map(
    (
      await getProgramsByIds(
        deps.store,
        links.map((link) => link.programId),
      )
    ).map((program) => [program._id, program]),
  );
  const housings = await Promise.all(
    links.map(async (link) => {
      const program = programs.get(link.programId);
      const lot = program ? await getLot(deps.store, link.programId, link.lotId) : null;
      return lot && program
        ? [{ program: { _id: program._id, name: program.name, promotername: program.promotername }, lotcomm: lot.lotcomm, typologie: lot.typologie }]
        : [];
    }),
  );
  return housings.flat().sort((a, b) => a.program.name.localeCompare(b.program.name, 'fr') || a.lotcomm.localeCompare(b.lotcomm, 'fr'));
}

/** GET /admin/users/{id}: the profile and the housings (part 3 §2 'User detail'). */
export async function getUserDetail(deps: Deps, userId: string): Promise<{ user: AdminUser; housings: Housing[] }> {
  const user = await loadUser(deps, userId);
  return { user: toAdminUser(user), housings: await housingsOf(deps, user._id) };
}
